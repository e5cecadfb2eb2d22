// The trace format's vocabulary that the recorder's API takes (`BodyCause`, `EffectKind`),
// defined once in RedrawSchema, which the analyzer reads with: an app imports RedrawTrace only.
@_exported import RedrawSchema
