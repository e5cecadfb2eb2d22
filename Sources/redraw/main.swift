import RedrawCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

exit(RedrawCommand.main(Array(CommandLine.arguments.dropFirst()), terminal: .process()).rawValue)
