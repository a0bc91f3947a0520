namespace MeasurementLab;

/// <summary>A run of sweep points at about the same latency: one level of the hierarchy.</summary>
/// <param name="First">Index of its first point.</param>
/// <param name="Last">Index of its last point.</param>
/// <param name="FromBytes">Working set of the first point.</param>
/// <param name="ToBytes">Working set of its last point.</param>
/// <param name="Nanoseconds">Median latency of its points.</param>
public sealed record Plateau(int First, int Last, long FromBytes, long ToBytes, double Nanoseconds);

/// <summary>
/// What the latency curve says: the cache sizes (the working set where each step begins), each level's latency and
/// DRAM's. A null size means the curve shows no such step: not detected, not guessed.
/// </summary>
/// <param name="Sizes">L1d, L2, L3 from the first three steps.</param>
/// <param name="LatencyNs">Median latency of each detected level's plateau, by name ("L1d", "L2", "L3").</param>
/// <param name="DramNs">Median latency of the last plateau (the largest working sets, page walks included), when any step was found.</param>
/// <param name="Plateaus">Every plateau, innermost first (more than four: steps past L3, such as TLB reach).</param>
public sealed record MeasuredHierarchy(CacheSizes Sizes, IReadOnlyDictionary<string, double> LatencyNs, double? DramNs, IReadOnlyList<Plateau> Plateaus)
{
    /// <summary>The source name.</summary>
    public const string Source = "measured";

    /// <summary>True when at least the L1d and L2 steps were found.</summary>
    public bool Detected => Sizes.L1d is not null && Sizes.L2 is not null;

    /// <summary>Latency of a level in ns, or null.</summary>
    public double? LatencyOf(string level) => LatencyNs.TryGetValue(level, out double ns) ? ns : null;
}

/// <summary>
/// Finds plateaus and steps in a latency-vs-working-set curve. A plateau is a run of at least
/// <see cref="MinPlateauPoints"/> points whose latencies stay within <see cref="PlateauTolerance"/> of each other;
/// neighbouring plateaus closer than <see cref="StepRatio"/> are one level (noise, a slow TLB ramp). What remains
/// are levels separated by steps of at least ×1.5; a level's size is the last working set before the next plateau
/// whose latency is still below the geometric mean of the two. A smooth curve leaves one plateau or none: no step,
/// nothing guessed.
/// </summary>
public static class StepDetector
{
    /// <summary>Latency ratio within one plateau (max / min).</summary>
    public const double PlateauTolerance = 1.25;

    /// <summary>Points a plateau needs: three quarter-octave sizes, half a doubling.</summary>
    public const int MinPlateauPoints = 3;

    /// <summary>The latency ratio between two levels that counts as a step.</summary>
    public const double StepRatio = 1.5;

    /// <summary>Reads the levels off the curve (points in ascending working-set order).</summary>
    public static MeasuredHierarchy Detect(IReadOnlyList<SweepPoint> points)
    {
        ArgumentNullException.ThrowIfNull(points);
        var plateaus = MergeCloseNeighbours(points, FindRuns(points));
        var sizes = new long?[3];
        var latencies = new Dictionary<string, double>();
        for (int i = 0; i + 1 < plateaus.Count && i < sizes.Length; i++)
        {
            sizes[i] = StepAt(points, plateaus[i], plateaus[i + 1]);
            latencies[CacheSizes.LevelNames[i]] = plateaus[i].Nanoseconds;
        }

        double? dram = plateaus.Count >= 2 ? plateaus[^1].Nanoseconds : null;
        var found = new CacheSizes(sizes[0], sizes[1], sizes[2]);
        return new MeasuredHierarchy(found, latencies, dram, plateaus);
    }

    // The last working set between two plateaus still nearer the lower one (below their geometric mean): a slow
    // start of the rise (TLB misses inside a level) does not count as the step, a point already up the step does.
    private static long StepAt(IReadOnlyList<SweepPoint> points, Plateau lower, Plateau upper)
    {
        double threshold = Math.Sqrt(lower.Nanoseconds * upper.Nanoseconds);
        long at = lower.ToBytes;
        for (int k = lower.Last + 1; k < upper.First; k++)
        {
            if (points[k].Nanoseconds < threshold)
            {
                at = points[k].Bytes;
            }
        }

        return at;
    }

    // Greedy from the left: the longest run starting at i within the tolerance; shorter than the minimum is a transition point.
    private static List<(int First, int Last)> FindRuns(IReadOnlyList<SweepPoint> points)
    {
        var runs = new List<(int, int)>();
        int i = 0;
        while (i < points.Count)
        {
            double min = points[i].Nanoseconds, max = min;
            int j = i;
            while (j + 1 < points.Count)
            {
                double next = points[j + 1].Nanoseconds;
                if (Math.Max(max, next) > PlateauTolerance * Math.Min(min, next))
                {
                    break;
                }

                min = Math.Min(min, next);
                max = Math.Max(max, next);
                j++;
            }

            if (j - i + 1 >= MinPlateauPoints)
            {
                runs.Add((i, j));
                i = j + 1;
            }
            else
            {
                i++;
            }
        }

        return runs;
    }

    // Merges the closest pair of neighbours while any two are less than a step apart (a drop counts as no step).
    private static List<Plateau> MergeCloseNeighbours(IReadOnlyList<SweepPoint> points, List<(int First, int Last)> runs)
    {
        var merged = runs.ToList();
        while (true)
        {
            int best = -1;
            double bestRatio = double.MaxValue;
            for (int k = 0; k + 1 < merged.Count; k++)
            {
                double ratio = Median(points, merged[k + 1]) / Median(points, merged[k]);
                if (ratio < StepRatio && ratio < bestRatio)
                {
                    best = k;
                    bestRatio = ratio;
                }
            }

            if (best < 0)
            {
                break;
            }

            merged[best] = (merged[best].First, merged[best + 1].Last);
            merged.RemoveAt(best + 1);
        }

        return merged.Select(r => new Plateau(r.First, r.Last, points[r.First].Bytes, points[r.Last].Bytes, Median(points, r))).ToList();
    }

    private static double Median(IReadOnlyList<SweepPoint> points, (int First, int Last) run) =>
        LatencySweep.Median([.. points.Skip(run.First).Take(run.Last - run.First + 1).Select(p => p.Nanoseconds)]);
}
