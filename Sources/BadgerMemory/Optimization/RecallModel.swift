import Foundation

/// FSRS-6's memory model as the optimizer differentiates it: the state after a card's reviews,
/// the predicted recall of its next review, and the exact gradient of the log-loss with respect
/// to all 21 parameters by reverse-mode differentiation through the review recurrence.
///
/// The formulas are the scheduler's (`FSRS6`): reviews less than a day apart use the short-term
/// terms w17–w19, a lapse takes the smaller of the long-term lapse stability and the short-term
/// floor, difficulty is damped and mean-reverted towards the Easy initial difficulty, and
/// stability stays within 0.001–36500 days, difficulty within 1–10. At a clamp or a branch
/// boundary the gradient is one-sided, as in fsrs-rs.
enum RecallModel {
    static let minimumStability = 0.001
    static let maximumStability = 36_500.0
    /// Predictions are kept this far from 0 and 1 inside the log-loss, as fsrs-rs does.
    static let probabilityMargin = 1e-7
    static let lnNinety = log(0.9)

    /// What the backward pass needs from one review step.
    struct Step {
        var rating = 0.0
        var delta = 0.0
        var lastS = 0.0
        var lastD = 0.0
        var retrievability = 0.0
        var branch = Branch.initial
        /// The short-term multiplier or the lapse floor was the active (non-constant) value.
        var rawActive = false
        /// The new stability and difficulty were inside their bounds before clamping.
        var sFree = true
        var dFree = true
        var value = 0.0
        /// Powers and exponentials of the active branch, kept for the backward pass.
        var power1 = 0.0
        var power2 = 0.0
        var exponential = 0.0
    }

    enum Branch { case initial, shortTerm, lapse, lapseFloor, recall }

    /// Terms that depend only on the parameters, computed once per parameter vector.
    struct Coefficients {
        let decay: Double
        let factor: Double
        /// e^(ln 0.9 / decay), so factor = exponent − 1.
        let exponent: Double
        let growth: Double
        let easyDifficulty: Double
        let shortTermDivisor: Double
        /// e^(w17 (rating − 3 + w18)) for ratings 1–4 (index 0 unused).
        let shortTermFactors: (Double, Double, Double, Double, Double)

        init(_ w: UnsafeBufferPointer<Double>) {
            decay = -w[20]
            exponent = exp(lnNinety / decay)
            factor = exponent - 1
            growth = exp(w[8])
            easyDifficulty = w[4] - exp(3 * w[5]) + 1
            shortTermDivisor = exp(w[17] * w[18])
            shortTermFactors = (
                0, exp(w[17] * (-2 + w[18])), exp(w[17] * (-1 + w[18])), exp(w[17] * w[18]), exp(w[17] * (1 + w[18]))
            )
        }

        @inline(__always) func shortTermFactor(_ rating: Double) -> Double {
            switch rating {
            case 1: return shortTermFactors.1
            case 2: return shortTermFactors.2
            case 3: return shortTermFactors.3
            default: return shortTermFactors.4
            }
        }

        /// Predicted recall after `days` at stability `s`.
        @inline(__always) func retrievability(days: Double, stability s: Double) -> Double {
            days == 0 ? 1 : pow(1 + factor * days / s, decay)
        }
    }

    @inline(__always)
    static func initialDifficulty(_ rating: Double, w: UnsafeBufferPointer<Double>) -> Double { w[4] - exp(w[5] * (rating - 1)) + 1 }

    /// Runs `count` reviews starting at `start` of the flat arrays; returns stability and
    /// difficulty, recording each step in `steps` when given. `state` continues an earlier run
    /// that stopped at `start` (its first review is then not the card's first).
    static func forward(
        w: UnsafeBufferPointer<Double>, c: Coefficients, ratings: UnsafeBufferPointer<Double>, deltas: UnsafeBufferPointer<Double>,
        start: Int, count: Int, steps: UnsafeMutablePointer<Step>?, from state: (s: Double, d: Double)? = nil
    ) -> (s: Double, d: Double) {
        var s = state?.s ?? 0
        var d = state?.d ?? 0
        let first = state == nil ? 0 : -1
        for k in 0..<count {
            let rating = ratings[start + k]
            let delta = deltas[start + k]
            var step = Step(rating: rating, delta: delta, lastS: s, lastD: d)
            var newS: Double
            var newD: Double
            if k == first {
                step.branch = .initial
                newS = w[Int(rating) - 1]
                let raw = initialDifficulty(rating, w: w)
                step.dFree = raw > 1 && raw < 10
                newD = min(max(raw, 1), 10)
            } else {
                let r = c.retrievability(days: delta, stability: s)
                step.retrievability = r
                if delta == 0 {
                    step.branch = .shortTerm
                    let raw = c.shortTermFactor(rating) * pow(s, -w[19])
                    step.rawActive = !(rating >= 2 && raw < 1)
                    step.value = step.rawActive ? raw : 1
                    newS = s * step.value
                } else if rating == 1 {
                    step.power1 = pow(d, -w[12])
                    step.power2 = pow(s + 1, w[13])
                    step.exponential = exp((1 - r) * w[14])
                    let raw = w[11] * step.power1 * (step.power2 - 1) * step.exponential
                    let floor = s / c.shortTermDivisor
                    if floor < raw {
                        step.branch = .lapseFloor
                        newS = floor
                    } else {
                        step.branch = .lapse
                        newS = raw
                    }
                } else {
                    step.branch = .recall
                    let hard = rating == 2 ? w[15] : 1
                    let easy = rating == 4 ? w[16] : 1
                    step.power1 = pow(s, -w[9])
                    step.exponential = exp((1 - r) * w[10])
                    let increase = c.growth * (11 - d) * step.power1 * (step.exponential - 1) * hard * easy
                    newS = s * (1 + increase)
                }
                let damped = d + (10 - d) * (-w[6] * (rating - 3)) / 9
                let reverted = w[7] * (c.easyDifficulty - damped) + damped
                step.dFree = reverted > 1 && reverted < 10
                newD = min(max(reverted, 1), 10)
            }
            step.sFree = newS > minimumStability && newS < maximumStability
            s = min(max(newS, minimumStability), maximumStability)
            d = newD
            steps?[k] = step
        }
        return (s, d)
    }

    /// Weighted binary cross-entropy of predicting `r` for a review with outcome `recalled`,
    /// and its derivative with respect to `r` (0 where `r` is held inside the margin).
    @inline(__always)
    static func logLoss(_ rRaw: Double, recalled: Bool, weight: Double) -> (loss: Double, gradient: Double) {
        let r = min(max(rRaw, probabilityMargin), 1 - probabilityMargin)
        let loss = -(recalled ? log(r) : log(1 - r)) * weight
        let free = rRaw > probabilityMargin && rRaw < 1 - probabilityMargin
        let gradient = free ? -weight * (recalled ? 1 / r : -1 / (1 - r)) : 0
        return (loss, gradient)
    }

    /// Adds the gradient of the forgetting curve at `days`, `s` (scaled by `gR`) with respect to
    /// w20 into `gw`; returns its derivative with respect to `s`.
    @inline(__always)
    static func curveBackward(
        days: Double, s: Double, r: Double, gR: Double, c: Coefficients, gw: UnsafeMutableBufferPointer<Double>
    ) -> Double {
        guard gR != 0, days > 0 else { return 0 }
        let decay = c.decay
        let exponent = c.exponent
        let factor = c.factor
        let base = 1 + factor * days / s
        let dBaseDS = -factor * days / (s * s)
        let dFactorDDecay = exponent * (-lnNinety / (decay * decay))
        let dRDDecay = r * (log(base) + decay / base * days / s * dFactorDDecay)
        gw[20] -= gR * dRDDecay
        return gR * r * decay / base * dBaseDS
    }

    /// Back-propagates `gS`, `gD` (derivatives with respect to the state after each step) through
    /// `count` recorded steps, adding into `gw`.
    static func backward(
        w: UnsafeBufferPointer<Double>, c: Coefficients, steps: UnsafeMutablePointer<Step>, count: Int, gS: Double, gD: Double,
        gw: UnsafeMutableBufferPointer<Double>
    ) {
        var gS = gS
        var gD = gD
        for k in stride(from: count - 1, through: 0, by: -1) {
            let step = steps[k]
            let gNewS = step.sFree ? gS : 0
            let gNewD = step.dFree ? gD : 0
            let rating = step.rating
            if step.branch == .initial {
                gw[Int(rating) - 1] += gNewS
                gw[4] += gNewD
                gw[5] += gNewD * -(rating - 1) * exp(w[5] * (rating - 1))
                return
            }
            let s = step.lastS
            let d = step.lastD
            let r = step.retrievability
            var gLastS = 0.0
            var gLastD = 0.0
            var gR = 0.0
            switch step.branch {
            case .shortTerm:
                if step.rawActive {
                    let raw = step.value
                    gLastS += gNewS * raw * (1 - w[19])
                    gw[17] += gNewS * s * raw * (rating - 3 + w[18])
                    gw[18] += gNewS * s * raw * w[17]
                    gw[19] += gNewS * s * raw * -log(s)
                } else {
                    gLastS += gNewS
                }
            case .lapseFloor:
                let floor = s / c.shortTermDivisor
                gLastS += gNewS * floor / s
                gw[17] += gNewS * floor * -w[18]
                gw[18] += gNewS * floor * -w[17]
            case .lapse:
                let dPower = step.power1
                let sPower = step.power2
                let recallTerm = step.exponential
                let raw = w[11] * dPower * (sPower - 1) * recallTerm
                gw[11] += gNewS * dPower * (sPower - 1) * recallTerm
                gw[12] += gNewS * raw * -log(d)
                gw[13] += gNewS * w[11] * dPower * recallTerm * sPower * log(s + 1)
                gw[14] += gNewS * raw * (1 - r)
                gLastS += gNewS * w[11] * dPower * recallTerm * w[13] * sPower / (s + 1)
                gLastD += gNewS * raw * -w[12] / d
                gR += gNewS * raw * -w[14]
            case .recall:
                let hard = rating == 2 ? w[15] : 1
                let easy = rating == 4 ? w[16] : 1
                let growth = c.growth
                let sPower = step.power1
                let recallExp = step.exponential
                let common = growth * (11 - d) * sPower
                let increase = common * (recallExp - 1) * hard * easy
                let g = gNewS * s
                gLastS += gNewS * (1 + increase * (1 - w[9]))
                gLastD += -g * growth * sPower * (recallExp - 1) * hard * easy
                gR += g * common * hard * easy * -w[10] * recallExp
                gw[8] += g * increase
                gw[9] += g * increase * -log(s)
                gw[10] += g * common * hard * easy * (1 - r) * recallExp
                if rating == 2 { gw[15] += g * common * (recallExp - 1) * easy }
                if rating == 4 { gw[16] += g * common * (recallExp - 1) * hard }
            case .initial:
                break
            }
            // Difficulty: damping, then mean reversion towards the Easy initial difficulty.
            if gNewD != 0 {
                let delta = -w[6] * (rating - 3)
                let damped = d + (10 - d) * delta / 9
                gw[7] += gNewD * (c.easyDifficulty - damped)
                gw[4] += gNewD * w[7]
                gw[5] += gNewD * w[7] * -3 * exp(3 * w[5])
                let gDamped = gNewD * (1 - w[7])
                gw[6] += gDamped * (10 - d) * -(rating - 3) / 9
                gLastD += gDamped * (1 - delta / 9)
            }
            gLastS += curveBackward(days: step.delta, s: s, r: r, gR: gR, c: c, gw: gw)
            gS = gLastS
            gD = gLastD
        }
    }
}
