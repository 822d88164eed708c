import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C while the end-of-session re-fit runs: badger says in one line that nothing of the fit
/// was stored (every rating already is) and ends by SIGINT, as Ctrl-C ends it (a shell loop
/// stops; status 130), where it ended without a word; while the fit is stored, Ctrl-C waits
/// until it is, and its line (or the warning that it could not be) printed.
enum RefitInterrupt {
    /// `fit`, then `store` with what it made (nil: nothing to store). A SIGINT ignored by
    /// whoever started badger (`nohup`) stays ignored.
    ///
    /// - Parameter choosingOnly: the parameters are kept and only the automatic settings are
    ///   chosen for them, which the note says instead of a re-fit.
    static func fitting<Fit>(choosingOnly: Bool, _ fit: () -> Fit?, thenStoring store: (Fit) -> Void) {
        // Caught unless ignored (then left alone), and put back before the store.
        let previous = SignalDisposition(of: SIGINT).flatMap { $0.isIgnored ? nil : $0 }
        if previous != nil {
            var action = sigaction()
            // Async-signal-safe only: a literal (no Swift global), write(2), and raise(3) with
            // the default action back (SA_RESETHAND) and the signal not blocked (SA_NODEFER).
            // A C handler captures nothing: one for each note.
            if choosingOnly {
                action.__sigaction_handler.sa_handler = { _ in
                    let note: StaticString =
                        "\nbadger: note: Ctrl-C: choosing the automatic settings stopped and nothing of it was stored (every rating is); the next session chooses them\n"
                    _ = write(STDERR_FILENO, note.utf8Start, note.utf8CodeUnitCount)
                    raise(SIGINT)
                }
            } else {
                action.__sigaction_handler.sa_handler = { _ in
                    let note: StaticString =
                        "\nbadger: note: Ctrl-C: the re-fit stopped and nothing of it was stored (every rating is); the next session re-fits\n"
                    _ = write(STDERR_FILENO, note.utf8Start, note.utf8CodeUnitCount)
                    raise(SIGINT)
                }
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND) | Int32(SA_NODEFER)
            sigaction(SIGINT, &action, nil)
        }
        let made = fit()
        // Held from here: the handler would say nothing was stored.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &interrupt, &mask)
        previous?.restore()
        if let made { store(made) }
        // A Ctrl-C held now ends badger as it would have.
        pthread_sigmask(SIG_SETMASK, &mask, nil)
    }
}
