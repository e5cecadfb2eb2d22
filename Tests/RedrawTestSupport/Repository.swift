import Foundation

/// The repository's root (the folder of `Package.swift`), found from this file's path:
/// sample traces, docs and fixtures are read from here.
public let repositoryRoot = URL(fileURLWithPath: #filePath)  // Tests/RedrawTestSupport/Repository.swift
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
