// lamina-test-server: the loopback HTTP server as a process of its own, so a demo's or a
// benchmark's measurements do not share its threads.
//
//   lamina-test-server [--synthetic N] [--pixel-size PX] [--directory DIR] [--delay-ms MS]
//
// Serves /images/0.png … /images/(N-1).png (made on the spot) and every file of DIR at
// /files/<name>, prints its base URL (http://127.0.0.1:PORT) as the first line of standard
// output, and runs until standard input closes — so it ends with the process that started it.
import Foundation
import LaminaTestServer

struct Options {
    var synthetic = 0
    var pixelSize = 128
    var directory: String?
    var delay = Duration.zero

    init(arguments: [String]) throws {
        var iterator = arguments.makeIterator()
        while let flag = iterator.next() {
            guard let value = iterator.next() else { throw UsageError("\(flag) needs a value") }
            switch flag {
            case "--synthetic": synthetic = try Self.number(value, flag)
            case "--pixel-size": pixelSize = try Self.number(value, flag)
            case "--directory": directory = value
            case "--delay-ms": delay = .milliseconds(try Self.number(value, flag))
            default: throw UsageError("unknown option \(flag)")
            }
        }
    }

    private static func number(_ text: String, _ flag: String) throws -> Int {
        guard let value = Int(text), value >= 0 else { throw UsageError("\(flag) takes a number ≥ 0, not \(text)") }
        return value
    }
}

struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func routes(for options: Options) throws -> [String: Route] {
    var routes: [String: Route] = [:]
    for index in 0..<options.synthetic {
        routes["/images/\(index).png"] = .bytes(SyntheticImages.png(index: index, pixelSize: options.pixelSize),
                                                 delay: options.delay)
    }
    if let directory = options.directory {
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            let data = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(name))
            let type = name.hasSuffix(".png") ? "image/png" : name.hasSuffix(".jpg") ? "image/jpeg" : "application/octet-stream"
            routes["/files/\(name)"] = .bytes(data, contentType: type, delay: options.delay)
        }
    }
    return routes
}

do {
    let options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
    let server = try LoopbackHTTPServer(routes: try routes(for: options))
    // Written unbuffered, so a parent reading the pipe sees it at once.
    FileHandle.standardOutput.write(Data((server.baseURL.absoluteString + "\n").utf8))
    // Standard input closing (the parent exited or closed the pipe) ends the server.
    while FileHandle.standardInput.availableData.count > 0 {}
    server.shutdown()
} catch {
    FileHandle.standardError.write(Data("lamina-test-server: \(error)\n".utf8))
    exit(2)
}
