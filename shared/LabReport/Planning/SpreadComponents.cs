using LabReport.RunFiles;
using LabStatistics;

namespace LabReport.Planning;

/// <summary>
/// Where a claim's spread comes from (Kalibera &amp; Jones, ISMM 2013: measure the variance at each level, then choose the
/// repetitions at each level from it). A claim's ratio varies between rounds (<see cref="Between"/>, the standard
/// deviation of the per-round log ratios) for two reasons: the iterations of each round's two processes are noisy
/// (<see cref="Within"/>, the part of the between-round spread their own spread explains: √(CV₁²/k₁ + CV₂²/k₂) per
/// round), and each process is a new draw of whatever a process fixes (code layout, the JIT's decisions, memory
/// placement, the machine's state): <see cref="Process"/> = √(Between² − Within²). The first shrinks with iterations,
/// only the second's share needs rounds. With round cost c_R (what a round costs besides its measured iterations) and
/// iteration cost c_I, the iterations per round that buy the narrowest interval per second are
/// k* = √((c_R / c_I) · (σ²_iteration / σ²_process)).
/// </summary>
/// <param name="Rounds">Rounds whose two cases both have at least two iterations.</param>
/// <param name="Between">The standard deviation of the per-round log ratios.</param>
/// <param name="Within">The part of it that the iterations' own spread explains, at the iterations each round had.</param>
/// <param name="Process">The part left to the process level: √(max(0, Between² − Within²)).</param>
/// <param name="Iterations">The iterations a round had (per side, their mean).</param>
/// <param name="IterationSpread">One iteration's spread on the log scale, both sides: √(CV₁² + CV₂²).</param>
/// <param name="RoundSeconds">What a round of the two cases costs: their time in BenchmarkDotNet's engine and each process's overhead.</param>
/// <param name="IterationSeconds">What one more iteration of each side costs (their mean iteration times, summed).</param>
public sealed record SpreadComponents(int Rounds, double Between, double Within, double Process, double Iterations, double IterationSpread,
    double RoundSeconds, double IterationSeconds)
{
    /// <summary>The most iterations per round the allocation suggests: past it, a round's process level no longer matters.</summary>
    public const int MostIterations = 50;

    /// <summary>Kalibera &amp; Jones's iterations per round (at least 1, at most <see cref="MostIterations"/>).</summary>
    public double BestIterations
    {
        get
        {
            double fixedCost = Math.Max(0, RoundSeconds - Iterations * IterationSeconds);
            if (!(Process > 0) || !(IterationSeconds > 0))
            {
                return MostIterations;
            }

            double k = Math.Sqrt(fixedCost / IterationSeconds * (IterationSpread * IterationSpread) / (Process * Process));
            return Math.Clamp(k, 1, MostIterations);
        }
    }

    /// <summary>
    /// The components of numerator / denominator over their rounds, or null with fewer than two rounds in which both have
    /// at least two iterations. <paramref name="processOverhead"/> is what a process costs beyond its engine time.
    /// </summary>
    public static SpreadComponents? Of(BenchmarkResult numerator, BenchmarkResult denominator, double processOverhead)
    {
        ArgumentNullException.ThrowIfNull(numerator);
        ArgumentNullException.ThrowIfNull(denominator);
        if (numerator.RoundResults is not { } a || denominator.RoundResults is not { } b)
        {
            return null;
        }

        var pairs = a.Join(b, x => x.Round, y => y.Round, (x, y) => (x, y))
            .Where(p => p.x.Values is { Count: >= 2 } && p.y.Values is { Count: >= 2 } && p.x.MeanNs > 0 && p.y.MeanNs > 0)
            .ToList();
        if (pairs.Count < 2)
        {
            return null;
        }

        var logs = pairs.Select(p => Math.Log(p.x.MeanNs / p.y.MeanNs)).ToList();
        double between = SampleSummary.FromValues(logs).StdDev;
        double Cv(BenchmarkResult r) => SampleSummary.FromValues(r.Values!).StdDev / r.MeanNs;
        double within2 = pairs.Average(p => Cv(p.x) * Cv(p.x) / p.x.Values!.Count + Cv(p.y) * Cv(p.y) / p.y.Values!.Count);
        double iteration2 = pairs.Average(p => Cv(p.x) * Cv(p.x) + Cv(p.y) * Cv(p.y));
        double k = pairs.Average(p => (p.x.Values!.Count + p.y.Values!.Count) / 2.0);
        double roundSeconds = pairs.Average(p => p.x.EngineSeconds + p.y.EngineSeconds) + 2 * processOverhead;
        double iterationSeconds = pairs.Average(p => p.x.WorkloadSeconds / p.x.Values!.Count + p.y.WorkloadSeconds / p.y.Values!.Count);
        return new SpreadComponents(pairs.Count, between, Math.Sqrt(within2), Math.Sqrt(Math.Max(0, between * between - within2)), k,
            Math.Sqrt(iteration2), roundSeconds, iterationSeconds);
    }
}
