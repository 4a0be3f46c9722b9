// lamina-test-server: the loopback HTTP server as a process of its own, so a demo's or a
// benchmark's measurements do not share its threads.
//
//   lamina-test-server [--synthetic N] [--pixel-size PX] [--directory DIR] [--delay-ms MS]
//   lamina-test-server --help
//
// Serves /images/0.png … /images/(N-1).png (made on the spot) and every file of DIR at
// /files/<name>, prints its base URL (http://127.0.0.1:PORT) as the first line of standard
// output, and runs until standard input closes — so it ends with the process that started it.
import ArgumentParser
import Foundation
import LaminaTestServer

func routes(for options: TestServerCommand) throws -> [String: Route] {
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

// Parses the command line, or prints the help, an error with the usage, or a completion script
// and exits.
let options = TestServerCommand.parseOrExit()
do {
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
