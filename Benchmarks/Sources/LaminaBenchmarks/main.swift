// LaminaBenchmarks: EventLoop (A) against CFRunLoop (B), in one process, interleaved.
// A synchronous top-level entry point: `sleep-wake-iteration` runs the main thread's loop, and
// after the first `await` of an async main the code would no longer be on the main thread.
import Foundation

exit(Command(arguments: Array(CommandLine.arguments.dropFirst())).run())
