import CTesseract
import Foundation

/// Tesseract (through its C API) reading one line of text at a time. A recogniser is not thread-safe
/// and costs a model load to make, so each worker makes one and reads all its pictures with it.
final class TextRecognizer {
    private let api: OpaquePointer

    /// Loads `language`'s model (Debian's `tesseract-ocr-LANG` package, from Tesseract's own data
    /// directory). Throws a usage error naming the package when the model is not installed.
    init(language: String) throws(VideoError) {
        guard let api = TessBaseAPICreate() else { throw VideoError(.usage, "Tesseract could not be started") }
        // Tesseract prints its own complaint before failing; the toolkit's sentence says what to do.
        if TessBaseAPIInit3(api, nil, language) != 0 {
            TessBaseAPIDelete(api)
            // Debian names the packages with hyphens (`chi_sim` is in tesseract-ocr-chi-sim).
            let package = "tesseract-ocr-" + language.replacingOccurrences(of: "_", with: "-")
            throw VideoError(.usage, "no Tesseract model for language '\(language)': install Debian's \(package) package (apt-get install \(package))")
        }
        TessBaseAPISetPageSegMode(api, PSM_SINGLE_LINE)
        self.api = api
    }

    /// Tesseract runs parts of each recognition on OpenMP threads; the toolkit already gives every
    /// core a recogniser of its own, and the two together spend more time switching and spinning than
    /// recognising (200 cues: 8.9 s, against 4.5 s with `OMP_THREAD_LIMIT=1`). That variable is read
    /// when libgomp loads, before any of this runs, so OpenMP's parallel regions are made to run on the
    /// thread that meets them instead (`omp_set_max_active_levels(0)`, looked up at run time: the
    /// toolkit does not link libgomp itself, Tesseract does).
    ///
    /// The setting is the calling thread's (OpenMP 5 keeps it per thread), so it is made on each
    /// thread before each recognition.
    ///
    /// Looked up in libgomp itself: Tesseract is opened on first use with `RTLD_LOCAL`
    /// (`CLazyLibraries`), so libgomp, loaded as its dependency, is not in the global scope that
    /// `dlsym(RTLD_DEFAULT)` searches; found there only when linked, the setting was silently lost
    /// when the libraries became lazy (200 cues: 13.8 s, 10.5 s of it in the kernel, against 4.4 s).
    /// Made after a recogniser exists, so the library is loaded by then.
    static let setMaxActiveLevels: (@convention(c) (Int32) -> Void)? = {
        let library = dlopen("libgomp.so.1", RTLD_LAZY | RTLD_NOLOAD)
        guard let symbol = library.flatMap({ dlsym($0, "omp_set_max_active_levels") })
                ?? dlsym(UnsafeMutableRawPointer(bitPattern: 0), "omp_set_max_active_levels") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Void).self)
    }()

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// The text of one line image and the words Tesseract found in it, each with its left and right
    /// edges in the image's pixels (for telling which words of a line lean).
    func readWords(_ image: TextImage) -> (text: String, words: [(text: String, left: Int, right: Int)]) {
        Self.setMaxActiveLevels?(0)
        image.gray.withUnsafeBufferPointer { pixels in
            TessBaseAPISetImage(api, pixels.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
        }
        // Subtitles carry no resolution; 300 dpi is what the models were trained at (and silences
        // Tesseract's warning about a missing one).
        TessBaseAPISetSourceResolution(api, 300)
        guard let utf8 = TessBaseAPIGetUTF8Text(api) else { return ("", []) }
        let text = String(cString: utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        TessDeleteText(utf8)
        var words: [(text: String, left: Int, right: Int)] = []
        guard let iterator = TessBaseAPIGetIterator(api) else { return (text, []) }
        defer { TessResultIteratorDelete(iterator) }
        repeat {
            guard let word = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            defer { TessDeleteText(word) }
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard TessPageIteratorBoundingBox(TessResultIteratorGetPageIteratorConst(iterator), RIL_WORD, &left, &top, &right, &bottom) != 0 else { continue }
            words.append((String(cString: word), Int(left), Int(right)))
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        return (text, words)
    }
}
