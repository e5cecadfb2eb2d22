import Observation
import Testing

@_spi(Testing) @testable import RedrawTrace

extension RecorderTests {
  /// The explicit API's key-path form, as a user calls it: `Trace.read(cart, \.items)` records
  /// the property's name, as the string form would with the name typed by hand. In the
  /// serialized suite: the off test needs no scoped recording running.
  @Suite("Trace.read and Trace.write by key path")
  struct KeyPathFormTests {
    static func accesses(_ lines: [TraceLine]) -> [String] { ObservableModelTests.accesses(lines) }

    @Test func aStoredPropertyIsNamedAfterItself() throws {
      let cart = PlainCart()
      let lines = try record {
        Trace.read(cart, \.items)
        Trace.write(cart, \.items)
        Trace.read(cart, \.id)
        Trace.read(cart, \.items)
      }
      #expect(Self.accesses(lines) == ["read items", "write items", "read id", "read items"])
      #expect(lines.filter { $0.e == "read" || $0.e == "write" }.allSatisfy { $0.type == "PlainCart" })
    }

    @Test func itRecordsWhatTheStringFormRecords() throws {
      let cart = PlainCart()
      let byKeyPath = try record { Trace.write(cart, \.items) }.filter { $0.e == "write" }
      let byName = try record { Trace.write(cart, type: "PlainCart", property: "items") }.filter { $0.e == "write" }
      #expect(byKeyPath.count == 1)
      #expect(byKeyPath.map(\.prop) == byName.map(\.prop))
      #expect(byKeyPath.map(\.type) == byName.map(\.type))
      #expect(byKeyPath.map(\.obj) == byName.map(\.obj))
      // The call site, as the string form gives it: this file.
      #expect(byKeyPath.first?.site?.hasPrefix(#filePath + ":") == true)
    }

    @Test func anObservableClassWithoutRedrawsMembersIsNamedByItsStorage() throws {
      let basket = ObservableBasket()
      basket.owner = "ann"
      let lines = try record {
        Trace.read(basket, \.owner)
        Trace.write(basket, \.count)
        Trace.read(basket, \.note)
      }
      #expect(Self.accesses(lines) == ["read owner", "write count", "read note"])
      // The identity the class carries is the event's object, as with the string form.
      #expect(lines.filter { $0.e == "read" }.allSatisfy { $0.obj == lines.first { $0.e == "read" }?.obj })
    }

    @Test func aPathThroughStoredPropertiesIsNamedByItsSteps() throws {
      let cart = PlainCart()
      let lines = try record {
        Trace.read(cart, \.owner.name)
        Trace.write(cart, \.owner.nick)
      }
      #expect(Self.accesses(lines) == ["read owner.name", "write owner.nick"], "two paths, two properties")
    }

    @Test func aSuperclassesLetAndFinalVarAreNamedItsOverridableVarIsNot() throws {
      let cart = FinalCart()
      let lines = try record {
        Trace.read(cart, \.fixed)
        Trace.read(cart, \.finalItems)
        Trace.read(cart, \.baseItems)
      }
      #expect(Self.accesses(lines) == ["read fixed", "read finalItems", "read <unnamed Array<Int>>"])
    }

    @Test func aPathWithAComputedStepOrAComputedPropertyIsNamedAfterNoProperty() throws {
      let cart = PlainCart()
      let lines = try record {
        Trace.read(cart, \.items.count)
        Trace.read(cart, \.itemCount)
        // Not final: a subclass may override `items`, so the key path goes through accessors.
        Trace.read(OpenCart(), \.items)
      }
      #expect(
        Self.accesses(lines) == [
          "read <unnamed Int>", "read <unnamed Int>", "read <unnamed Array<String>>",
        ])
    }

    /// A stored property with observers: its key path goes through its accessors.
    final class ObservedFlag: TraceIdentifiable {
      let traceIdentity = TraceIdentity()
      var isVisible = false { didSet { Trace.write(self, \.isVisible) } }
      var plain = false
    }

    @Test func aStoredPropertyWithObserversIsNamedAfterNoProperty() throws {
      let flag = ObservedFlag()
      let lines = try record {
        flag.isVisible = true
        Trace.read(flag, \.plain)
      }
      #expect(Self.accesses(lines) == ["write <unnamed Bool>", "read plain"])
    }

    @Test func nothingIsRecordedOrResolvedWhileRecordingIsOff() {
      let cart = UnseenCart()
      Trace.exclusively {
        #expect(!Trace.isRecording)
        Trace.read(cart, \.items)
        Trace.write(cart, \.items)
      }
      #expect(ObservablePropertyNames.lookups(in: UnseenCart.self) == 0)
    }
  }
}

// MARK: - Models

/// A class with stored properties and nothing of Redraw's.
final class PlainCart {
  let id = 7
  var items: [String] = []
  var owner = Owner()
  var itemCount: Int { items.count }

  final class Owner {
    var name = "ann"
    var nick = "a"
  }
}

/// A base class, not final, with a `let`, a `final var` and a `var` a subclass may override.
class BaseCart {
  let fixed = 1
  final var finalItems: [Int] = []
  var baseItems: [Int] = []
}

/// A final subclass: its key paths reach the base's properties.
final class FinalCart: BaseCart {}

/// A class that is not final.
class OpenCart {
  var items: [String] = []
}

/// A class the off test alone uses: nothing may have named its properties.
final class UnseenCart {
  var items: [String] = []
}

/// An `@Observable` class with a trace identity and none of Redraw's members: its properties
/// are computed, over `_owner`, `_note` and `_count`.
@Observable final class ObservableBasket: TraceIdentifiable {
  var owner = ""
  var note = "fragile"
  var count = 0
  @ObservationIgnored let traceIdentity = TraceIdentity()
}
