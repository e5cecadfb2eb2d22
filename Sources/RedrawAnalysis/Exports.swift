// The library is the pipeline's stages, each a module of its own so that the compiler holds
// the direction (read -> build sessions -> rules and plan); importing RedrawAnalysis imports
// the values every stage publishes.
@_exported import RedrawReading
@_exported import RedrawRules
@_exported import RedrawSchema
@_exported import RedrawSessions
