import Foundation

/// Whether this test run is built with AddressSanitizer or ThreadSanitizer (whose shadow memory
/// and slowness change what memory and time figures mean).
public enum Sanitizer {
    public static let isActive: Bool = {
        guard let handle = dlopen(nil, RTLD_NOW) else { return false }
        return dlsym(handle, "__asan_init") != nil || dlsym(handle, "__tsan_init") != nil
    }()
}
