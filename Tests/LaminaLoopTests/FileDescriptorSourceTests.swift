import Foundation
import Glibc
import LaminaLoop
import XCTest

/// File-descriptor sources: Linux's counterpart of CFRunLoop's version-1 sources.
final class FileDescriptorSourceTests: XCTestCase {
    /// A pipe whose ends the test closes at the end.
    private struct Pipe {
        let readEnd: Int32
        let writeEnd: Int32

        init() {
            var ends: [Int32] = [0, 0]
            precondition(pipe(&ends) == 0)
            readEnd = ends[0]
            writeEnd = ends[1]
            for end in ends { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
        }

        func write(_ byte: UInt8 = 1) {
            var value = byte
            precondition(Glibc.write(writeEnd, &value, 1) == 1)
        }

        /// Reads everything there is; returns how many bytes.
        func drain() -> Int {
            var buffer = [UInt8](repeating: 0, count: 64)
            var total = 0
            while case let count = read(readEnd, &buffer, buffer.count), count > 0 { total += count }
            return total
        }

        func close() {
            Glibc.close(readEnd)
            Glibc.close(writeEnd)
        }
    }

    func test_aReadableFdWakesASleepingLoopAndIsHandledAfterAfterWaiting() throws {
        let pipe = Pipe()
        defer { pipe.close() }
        let log = EventLog()
        let source = try EventLoop.FileDescriptorSource(fileDescriptor: pipe.readEnd) { _, events in
            log.record("fd \(events) \(pipe.drain()) byte(s)")
        }
        let result = onLoopThread { loop -> EventLoop.RunResult in
            loop.add(source, to: .default)
            loop.add(log.observer([.beforeWaiting, .afterWaiting]), to: .default)
            _ = HelperThread {
                while !loop.isWaiting { usleep(100) }
                pipe.write()
            }
            return loop.run(mode: .default, timeout: generousTimeout, returnAfterSourceHandled: true)
        }
        XCTAssertEqual(result, .handledSource)
        XCTAssertEqual(log.events, ["beforeWaiting", "afterWaiting", "fd readable 1 byte(s)"])
        source.invalidate()
    }

    func test_aFdSourceKeepsItsModeFromCountingAsEmpty() throws {
        let pipe = Pipe()
        defer { pipe.close() }
        let source = try EventLoop.FileDescriptorSource(fileDescriptor: pipe.readEnd) { _, _ in }
        let results = onLoopThread { loop -> [EventLoop.RunResult] in
            let empty = loop.run(mode: .default, timeout: .milliseconds(1))
            loop.add(source, to: .default)
            let watched = loop.run(mode: .default, timeout: .milliseconds(1))
            source.invalidate()
            let emptyAgain = loop.run(mode: .default, timeout: .milliseconds(1))
            return [empty, watched, emptyAgain]
        }
        XCTAssertEqual(results, [.finished, .timedOut, .finished])
    }

    func test_aLevelTriggeredFdIsHandledAgainWhileItStaysReady() throws {
        let pipe = Pipe()
        defer { pipe.close() }
        let calls = Counter()
        let source = try EventLoop.FileDescriptorSource(fileDescriptor: pipe.readEnd) { source, _ in
            // Does not read: the fd stays readable, so each wake-up reports it again.
            if calls.increment() == 3 { source.invalidate() }
        }
        pipe.write()
        let result = onLoopThread { loop -> EventLoop.RunResult in
            loop.add(source, to: .default)
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(calls.count, 3)
        XCTAssertEqual(result, .finished, "the invalidated source was the mode's only item")
    }

    func test_aWritableInterestIsReportedForAPipeWithRoom() throws {
        let pipe = Pipe()
        defer { pipe.close() }
        let reported = Box<EventLoop.FileDescriptorSource.Events>([])
        let source = try EventLoop.FileDescriptorSource(fileDescriptor: pipe.writeEnd, interest: .writable) { source, events in
            reported.set(events)
            source.invalidate()
        }
        _ = onLoopThread { loop in
            loop.add(source, to: .default)
            return loop.run(mode: .default, timeout: generousTimeout)
        }
        XCTAssertEqual(reported.value, .writable)
    }

    func test_aModeWatchesEachFdWithOneSourceOnly() throws {
        let pipe = Pipe()
        defer { pipe.close() }
        let first = try EventLoop.FileDescriptorSource(fileDescriptor: pipe.readEnd) { _, _ in }
        let second = try EventLoop.FileDescriptorSource(fileDescriptor: pipe.readEnd) { _, _ in }
        let loop = loopOfAFinishedThread()
        loop.add(first, to: .default)
        loop.add(second, to: .default)
        XCTAssertTrue(loop.contains(first, in: .default))
        XCTAssertFalse(loop.contains(second, in: .default))
        loop.add(second, to: EventLoop.Mode("other"))
        XCTAssertTrue(loop.contains(second, in: EventLoop.Mode("other")), "another mode may watch the same fd")
        first.invalidate()
        second.invalidate()
        XCTAssertFalse(loop.contains(first, in: .default))
        XCTAssertFalse(loop.contains(second, in: EventLoop.Mode("other")))
    }

    func test_aRemovedSourceIsNotCalledEvenIfItsFdIsReady() throws {
        let pipe = Pipe()
        defer { pipe.close() }
        let calls = Counter()
        let source = try EventLoop.FileDescriptorSource(fileDescriptor: pipe.readEnd) { _, _ in calls.increment() }
        pipe.write()
        let result = onLoopThread { loop -> EventLoop.RunResult in
            loop.add(source, to: .default)
            loop.add(idleSource(), to: .default)
            loop.remove(source, from: .default)
            return loop.run(mode: .default, timeout: .milliseconds(20))
        }
        XCTAssertEqual(result, .timedOut)
        XCTAssertEqual(calls.count, 0)
        XCTAssertTrue(source.isValid, "removing leaves a source valid")
    }

    func test_badFileDescriptorsAreTypedErrors() throws {
        XCTAssertThrowsError(try EventLoop.FileDescriptorSource(fileDescriptor: -1) { _, _ in }) { error in
            XCTAssertEqual(error as? EventLoop.FileDescriptorSource.Failure, .notOpen(-1))
        }
        let pipe = Pipe()
        pipe.close()
        XCTAssertThrowsError(try EventLoop.FileDescriptorSource(fileDescriptor: pipe.readEnd) { _, _ in }) { error in
            XCTAssertEqual(error as? EventLoop.FileDescriptorSource.Failure, .notOpen(pipe.readEnd))
        }
        let directory = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(directory) }
        XCTAssertThrowsError(try EventLoop.FileDescriptorSource(fileDescriptor: directory) { _, _ in }) { error in
            XCTAssertEqual(error as? EventLoop.FileDescriptorSource.Failure, .notPollable(directory))
        }
        let open = Pipe()
        defer { open.close() }
        XCTAssertThrowsError(try EventLoop.FileDescriptorSource(fileDescriptor: open.readEnd, interest: .error) { _, _ in }) { error in
            XCTAssertEqual(error as? EventLoop.FileDescriptorSource.Failure, .noInterest)
        }
    }

    func test_aSourceWhoseFdWasClosedBeforeAddingIsNotAdded() throws {
        let pipe = Pipe()
        let source = try EventLoop.FileDescriptorSource(fileDescriptor: pipe.readEnd) { _, _ in }
        pipe.close()
        let loop = loopOfAFinishedThread()
        loop.add(source, to: .default)
        XCTAssertFalse(loop.contains(source, in: .default))
    }
}
