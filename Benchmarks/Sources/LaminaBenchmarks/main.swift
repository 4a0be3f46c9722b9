// LaminaBenchmarks: EventLoop (A) against CFRunLoop (B), in one process, interleaved.
// A synchronous top-level entry point: `sleep-wake-iteration` runs the main thread's loop, and
// after the first `await` of an async main the code would no longer be on the main thread.
import ArgumentParser
import Foundation

// Parses the command line (or prints the help, an error with the usage, or a completion script
// and exits), then runs.
exit(Command.parseOrExit().runSelected())
