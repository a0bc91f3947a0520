namespace LabRounds;

/// <summary>
/// The check behind <see cref="ConfidenceSequence"/>: simulated claims whose per-round logs are normal with a known mean
/// and spread, looked at as the run looks at them (at <see cref="ConfidenceSequence.Looks"/>) and stopped once their
/// interval lies wholly on one side of a threshold. Deterministic for a seed (its own generator), so a test can hold the
/// calibration to its stated level.
/// </summary>
public static class SequentialSimulation
{
    /// <summary>What the simulated claims came to: the share decided above, decided below, and left undecided at the last look.</summary>
    public readonly record struct Outcome(double Above, double Below, double Undecided, double MeanRounds);

    /// <summary>
    /// The share of simulated sequences in which some look misses the true mean, each look at <paramref name="critical"/>
    /// standard errors: what the confidence sequence promises to keep at most 1 − Level. <paramref name="looks"/> are the
    /// round counts looked at (default: the sequence's own).
    /// </summary>
    public static double MissRate(int sequences, ulong seed, Func<int, double> critical, IReadOnlyList<int>? looks = null)
    {
        ArgumentNullException.ThrowIfNull(critical);
        looks ??= ConfidenceSequence.Looks;
        int last = looks.Max();
        var c = Criticals(critical, looks, last);
        var random = new Gaussian(seed);
        int missed = 0;
        for (int s = 0; s < sequences; s++)
        {
            double sum = 0, sumSq = 0;
            for (int n = 1; n <= last; n++)
            {
                double x = random.Next();
                sum += x;
                sumSq += x * x;
                if (c[n] > 0 && Math.Abs(sum / n) > c[n] * StandardError(sum, sumSq, n))
                {
                    missed++;
                    break;
                }
            }
        }

        return missed / (double)sequences;
    }

    /// <summary>
    /// Claims whose true log ratio lies <paramref name="distance"/> above a threshold (0: on it), spread
    /// <paramref name="spread"/> between rounds, looked at at the sequence's looks and stopped when its interval lies
    /// wholly above or below the threshold, or at the last look.
    /// </summary>
    public static Outcome Decisions(int claims, ulong seed, double distance, double spread)
    {
        var looks = ConfidenceSequence.Looks;
        int last = looks.Max();
        var c = Criticals(ConfidenceSequence.Critical, looks, last);
        var random = new Gaussian(seed);
        int above = 0, below = 0;
        long rounds = 0;
        for (int s = 0; s < claims; s++)
        {
            double sum = 0, sumSq = 0;
            int stoppedAt = last;
            for (int n = 1; n <= last; n++)
            {
                double x = distance + spread * random.Next();
                sum += x;
                sumSq += x * x;
                if (c[n] == 0)
                {
                    continue;
                }

                double mean = sum / n, half = c[n] * StandardError(sum, sumSq, n);
                if (mean - half > 0 || mean + half < 0)
                {
                    if (mean - half > 0)
                    {
                        above++;
                    }
                    else
                    {
                        below++;
                    }

                    stoppedAt = n;
                    break;
                }
            }

            rounds += stoppedAt;
        }

        return new Outcome(above / (double)claims, below / (double)claims, (claims - above - below) / (double)claims, rounds / (double)claims);
    }

    /// <summary>
    /// The nominal miss rate of every look that makes the whole sequence at <paramref name="looks"/> miss at most
    /// <paramref name="miss"/> of the time (bisection on simulated sequences).
    /// </summary>
    public static double Calibrate(double miss, int sequences, ulong seed, IReadOnlyList<int>? looks = null)
    {
        double lo = 0, hi = miss;
        for (int i = 0; i < 30; i++)
        {
            double mid = (lo + hi) / 2;
            double rate = MissRate(sequences, seed, n => LabStatistics.StudentT.Quantile(1 - mid / 2, n - 1), looks);
            if (rate > miss)
            {
                hi = mid;
            }
            else
            {
                lo = mid;
            }
        }

        return lo;
    }

    // The critical value at each look, 0 where there is no look.
    private static double[] Criticals(Func<int, double> critical, IReadOnlyList<int> looks, int last)
    {
        var c = new double[last + 1];
        foreach (int n in looks.Where(n => n >= 2))
        {
            c[n] = critical(n);
        }

        return c;
    }
    private static double StandardError(double sum, double sumSq, int n)
    {
        double variance = Math.Max(0, (sumSq - sum * sum / n) / (n - 1));
        return Math.Sqrt(variance / n);
    }

    // Standard normal draws (Box–Muller over SplitMix64), the same for a seed on every machine and .NET version.
    private sealed class Gaussian(ulong seed)
    {
        private ulong _state = seed;
        private double? _spare;

        public double Next()
        {
            if (_spare is double spare)
            {
                _spare = null;
                return spare;
            }

            double u1 = Uniform(), u2 = Uniform();
            double r = Math.Sqrt(-2 * Math.Log(u1)), theta = 2 * Math.PI * u2;
            _spare = r * Math.Sin(theta);
            return r * Math.Cos(theta);
        }

        // (0, 1]: 53 random bits.
        private double Uniform()
        {
            ulong z = _state += 0x9E3779B97F4A7C15UL;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
            z ^= z >> 31;
            return ((z >> 11) + 1) / 9007199254740992.0;
        }
    }
}
