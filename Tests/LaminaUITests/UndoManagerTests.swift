import LaminaLoop
import LaminaTesting
import LaminaUI
import XCTest

/// UndoManager: groups per loop turn or explicit, undo and redo stacks, limits and bad calls.
final class UndoManagerTests: LaminaTestCase {
    @MainActor
    final class Counter {
        var value = 0
        let undoManager: UndoManager
        init(_ undoManager: UndoManager) { self.undoManager = undoManager }
        func set(_ newValue: Int) {
            let old = value
            undoManager.registerUndo(withTarget: self) { $0.set(old) }
            value = newValue
        }
    }

    func test_registrationsInOneLoopTurnAreOneGroupAndUndoRedoesThem() {
        onMainActor {
            let manager = UndoManager()
            let counter = Counter(manager)
            counter.set(1)
            counter.set(2)
            XCTAssertEqual(manager.groupingLevel, 1, "groupsByEvent opened a group")
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(manager.groupingLevel, 0, "the turn's end closed it")
            counter.set(3)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            manager.undo()
            XCTAssertEqual(counter.value, 2)
            manager.undo()
            XCTAssertEqual(counter.value, 0, "both sets of the first turn undone together")
            XCTAssertFalse(manager.canUndo)
            XCTAssertTrue(manager.canRedo)
            manager.redo()
            XCTAssertEqual(counter.value, 2)
            manager.redo()
            XCTAssertEqual(counter.value, 3)
            XCTAssertFalse(manager.canRedo)
        }
    }

    func test_explicitNestedGroupsAndANewChangeClearTheRedoStack() {
        onMainActor {
            let manager = UndoManager()
            manager.groupsByEvent = false
            let counter = Counter(manager)
            counter.set(9)
            XCTAssertFalse(manager.canUndo, "without a group and without groupsByEvent nothing is recorded")
            manager.beginUndoGrouping()
            counter.set(1)
            manager.beginUndoGrouping()
            counter.set(2)
            manager.endUndoGrouping()
            manager.setActionName("Two")
            manager.endUndoGrouping()
            XCTAssertEqual(manager.undoActionName, "Two")
            manager.undo()
            XCTAssertEqual(counter.value, 9, "the nested group is part of the outer step")
            XCTAssertEqual(manager.redoActionName, "Two")
            manager.beginUndoGrouping()
            counter.set(5)
            manager.endUndoGrouping()
            XCTAssertFalse(manager.canRedo, "a new change clears the redo stack")
        }
    }

    func test_levelsOfUndoDisabledRegistrationAndBadCalls() {
        onMainActor {
            let manager = UndoManager()
            manager.groupsByEvent = false
            manager.levelsOfUndo = 2
            let counter = Counter(manager)
            for value in 1...4 {
                manager.beginUndoGrouping()
                counter.set(value)
                manager.endUndoGrouping()
            }
            manager.undo()
            manager.undo()
            manager.undo()
            XCTAssertEqual(counter.value, 2, "only two levels kept")
            manager.disableUndoRegistration()
            manager.beginUndoGrouping()
            counter.set(7)
            manager.endUndoGrouping()
            manager.enableUndoRegistration()
            XCTAssertFalse(manager.canUndo)
            manager.endUndoGrouping()  // unbalanced: ignored
            manager.enableUndoRegistration()  // unbalanced: ignored
            XCTAssertTrue(manager.isUndoRegistrationEnabled)
            manager.undo()
            manager.redo()
            manager.removeAllActions()
            XCTAssertFalse(manager.canUndo || manager.canRedo)
        }
    }

    func test_aTargetThatIsGoneMakesItsActionsDoNothing() {
        onMainActor {
            let manager = UndoManager()
            var counter: Counter? = Counter(manager)
            counter?.set(1)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            counter = nil
            manager.undo()
            XCTAssertFalse(manager.canUndo)
        }
    }
}
