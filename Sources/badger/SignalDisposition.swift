import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A signal's disposition as it is now, read with sigaction(2) and put back with `restore()`:
/// for handlers badger installs for a while, which must leave SIGINT as whoever started badger
/// set it (ignored by `nohup` or `trap '' INT`).
struct SignalDisposition {
    let signal: Int32
    private let action: sigaction

    /// `signal`'s disposition now; nil when it cannot be read.
    init?(of signal: Int32) {
        var action = sigaction()
        guard sigaction(signal, nil, &action) == 0 else { return nil }
        self.signal = signal
        self.action = action
    }

    /// SIG_IGN: the handler whose address is 1.
    var isIgnored: Bool { unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == 1 }
    /// SIG_DFL: the handler whose address is 0.
    var isDefault: Bool { unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == 0 }

    /// Puts the disposition back as it was read.
    func restore() {
        var action = action
        sigaction(signal, &action, nil)
    }
}
