import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP request, waited for: the benchmarks' calls to a studio they started (a plain program's
/// top level, where there is no `await`).
public enum BlockingHTTP {
    /// The response's body; nil when the request failed.
    public static func data(_ url: URL, method: String = "GET", body: Data? = nil) -> Data? {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Data?
        URLSession.shared.dataTask(with: request) { data, _, _ in result = data; done.signal() }.resume()
        done.wait()
        return result
    }

    /// The response's body as a JSON object; empty when it is not one.
    public static func json(_ url: URL) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: data(url) ?? Data())) as? [String: Any] ?? [:]
    }
}
