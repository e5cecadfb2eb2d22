import RedrawAnalysis
import RedrawTestSupport
import Testing

@testable import RedrawReading
@testable import RedrawRules
@testable import RedrawSchema
@testable import RedrawSessions

/// Names the recorder could not tell apart (`<email|password>`, `<unnamed String>`) are
/// never evidence of waste, and no message lists one beside its own alternative.
@Suite struct AmbiguousNameTests {
  /// A sign-in form whose two empty `String`s were read before either differed, then the
  /// email typed: the form read it (as one of the two), so the write was needed.
  static let signIn = trace(
    #"{"e":"body","t":10,"tid":1,"id":1,"view":"SignInForm","node":1}"#,
    #"{"e":"read","t":11,"tid":1,"obj":3,"type":"FolderB","prop":"<email|password>"}"#,
    #"{"e":"read","t":12,"tid":1,"obj":3,"type":"FolderB","prop":"title"}"#,
    #"{"e":"end","t":13,"tid":1,"id":1}"#,
    #"{"e":"write","t":20,"tid":1,"obj":3,"type":"FolderB","prop":"email"}"#,
    #"{"e":"body","t":30,"tid":1,"id":2,"view":"SignInForm","node":1}"#,
    #"{"e":"read","t":31,"tid":1,"obj":3,"type":"FolderB","prop":"email"}"#,
    #"{"e":"read","t":32,"tid":1,"obj":3,"type":"FolderB","prop":"<email|password>"}"#,
    #"{"e":"read","t":33,"tid":1,"obj":3,"type":"FolderB","prop":"title"}"#,
    #"{"e":"end","t":34,"tid":1,"id":2}"#,
    #"{"e":"write","t":40,"tid":1,"obj":3,"type":"FolderB","prop":"password"}"#,
    #"{"e":"body","t":50,"tid":1,"id":3,"view":"SignInForm","node":1}"#,
    #"{"e":"read","t":51,"tid":1,"obj":3,"type":"FolderB","prop":"email"}"#,
    #"{"e":"read","t":52,"tid":1,"obj":3,"type":"FolderB","prop":"<email|password>"}"#,
    #"{"e":"end","t":53,"tid":1,"id":3}"#,
    #"{"e":"write","t":60,"tid":1,"obj":3,"type":"FolderB","prop":"isSyncing"}"#,
    #"{"e":"body","t":70,"tid":1,"id":4,"view":"SignInForm","node":1}"#,
    #"{"e":"read","t":71,"tid":1,"obj":3,"type":"FolderB","prop":"email"}"#,
    #"{"e":"read","t":72,"tid":1,"obj":3,"type":"FolderB","prop":"<email|password>"}"#,
    #"{"e":"end","t":73,"tid":1,"id":4}"#)

  @Test func aReadOfEitherCandidateMakesAWriteToEachOneNeeded() throws {
    let analysis = try analyze(trace: Self.signIn)
    let node = try #require(analysis.sessions.first?.nodes.first)
    #expect(node.evaluations == 4)
    #expect(node.needed == 2, "the writes to email and to password")
    #expect(node.overBroad == 1, "only isSyncing, which it never reads")
    let overBroad = analysis.findings.filter { $0.rule == "over-broad-invalidation" }
    #expect(overBroad.map(\.property) == ["isSyncing"])
  }

  @Test func noMessageListsANameBesideItsOwnAlternative() throws {
    let analysis = try analyze(trace: Self.signIn)
    let node = try #require(analysis.sessions.first?.nodes.first)
    #expect(node.readProperties == ["FolderB.email", "FolderB.title"])
    #expect(node.propertiesRead == 2)
    let message = try #require(analysis.findings.first { $0.rule == "over-broad-invalidation" }?.message)
    #expect(message.contains("(it reads email and title)"), "\(message)")
    #expect(!message.contains("<"), "\(message)")
  }

  /// The write itself is ambiguous (an equal value assigned to one of two equal strings):
  /// it is needed by a view that read either.
  @Test func anAmbiguousWriteIsNeededByAViewThatReadEitherCandidate() throws {
    let analysis = try analyze(
      trace: trace(
        #"{"e":"body","t":10,"tid":1,"id":1,"view":"EmailField","node":1}"#,
        #"{"e":"read","t":11,"tid":1,"obj":3,"type":"FolderB","prop":"email"}"#,
        #"{"e":"end","t":12,"tid":1,"id":1}"#,
        #"{"e":"body","t":13,"tid":1,"id":2,"view":"SyncBadge","node":2}"#,
        #"{"e":"read","t":14,"tid":1,"obj":3,"type":"FolderB","prop":"isSyncing"}"#,
        #"{"e":"end","t":15,"tid":1,"id":2}"#,
        #"{"e":"write","t":20,"tid":1,"obj":3,"type":"FolderB","prop":"<email|password>"}"#,
        #"{"e":"body","t":30,"tid":1,"id":3,"view":"EmailField","node":1}"#,
        #"{"e":"read","t":31,"tid":1,"obj":3,"type":"FolderB","prop":"email"}"#,
        #"{"e":"end","t":32,"tid":1,"id":3}"#,
        #"{"e":"body","t":33,"tid":1,"id":4,"view":"SyncBadge","node":2}"#,
        #"{"e":"read","t":34,"tid":1,"obj":3,"type":"FolderB","prop":"isSyncing"}"#,
        #"{"e":"end","t":35,"tid":1,"id":4}"#))
    let nodes = try #require(analysis.sessions.first?.nodes)
    #expect(nodes.map(\.needed) == [1, 0])
    #expect(nodes.map(\.overBroad) == [0, 1], "the badge reads neither email nor password")
  }

  /// `<unnamed String>`: some property of its type; a write to any of them is needed, and
  /// a subscription alone is no read of one.
  @Test func anUnnamedReadCountsAsAReadOfEveryPropertyOfItsType() throws {
    let analysis = try analyze(
      trace: trace(
        #"{"e":"body","t":10,"tid":1,"id":1,"view":"Banner","node":1}"#,
        #"{"e":"read","t":11,"tid":1,"obj":3,"type":"FolderB","prop":"<unnamed String>"}"#,
        #"{"e":"end","t":12,"tid":1,"id":1}"#,
        #"{"e":"write","t":20,"tid":1,"obj":3,"type":"FolderB","prop":"title"}"#,
        #"{"e":"body","t":30,"tid":1,"id":2,"view":"Banner","node":1}"#,
        #"{"e":"read","t":31,"tid":1,"obj":3,"type":"FolderB","prop":"<unnamed String>"}"#,
        #"{"e":"end","t":32,"tid":1,"id":2}"#))
    let node = try #require(analysis.sessions.first?.nodes.first)
    #expect(node.needed == 1)
    #expect(node.overBroad == 0)
    #expect(analysis.findings.isEmpty, "\(analysis.findings.map(\.message))")
  }

  @Test(arguments: [
    (["A.email", "A.<email|password>", "A.title"], ["A.email", "A.title"]),
    (["A.<email|password>", "A.title"], ["A.<email|password>", "A.title"]),
    (["A.<unnamed String>", "A.title"], ["A.title"]),
    (["A.<unnamed String>", "B.title"], ["A.<unnamed String>", "B.title"]),
    (["email", "<email|password>"], ["email"]),
  ])
  func listsDropAnAmbiguousNameBesideOneOfItsAlternatives(names: [String], listed: [String]) {
    #expect(AmbiguousNames.collapsed(names) == listed)
  }
}
