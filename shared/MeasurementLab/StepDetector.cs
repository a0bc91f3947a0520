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
/// Finds plateaus and steps in a latency-vs-working-set curve, after a running median of three (one disturbed size
/// is not a level). A plateau is a run of at least
/// <see cref="MinPlateauPoints"/> points whose latencies stay within <see cref="PlateauTolerance"/> of each other.
/// Two neighbouring plateaus are separate levels only when the latency rises by at least <see cref="StepRatio"/>
/// from the end of one to the start of the next, and rises there at least <see cref="SteepnessFactor"/> times as
/// steeply as within either plateau; otherwise they are one level (noise, a slow TLB ramp). A smooth curve rises
/// equally everywhere, so it yields no step: not detected, nothing guessed. A level's size is the last working set
/// before the next plateau whose latency is still below the geometric mean of the two edges.
/// </summary>
public static class StepDetector
{
    /// <summary>Latency ratio within one plateau (max / min).</summary>
    public const double PlateauTolerance = 1.25;

    /// <summary>Points a plateau needs: three quarter-octave sizes, half a doubling.</summary>
    public const int MinPlateauPoints = 3;

    /// <summary>The latency ratio between two levels that counts as a step.</summary>
    public const double StepRatio = 1.5;

    /// <summary>How much steeper (per size step, in log latency) the step must be than either plateau.</summary>
    public const double SteepnessFactor = 2.0;

    private const int EdgePoints = 3;

    /// <summary>Reads the levels off the curve (points in ascending working-set order).</summary>
    public static MeasuredHierarchy Detect(IReadOnlyList<SweepPoint> curve)
    {
        ArgumentNullException.ThrowIfNull(curve);
        var points = MedianOfThree(curve);
        var levels = new List<(int First, int Last)>();
        foreach (var run in FindRuns(points))
        {
            if (levels.Count > 0 && !IsStep(points, levels[^1], run))
            {
                levels[^1] = (levels[^1].First, run.Last);
            }
            else
            {
                levels.Add(run);
            }
        }

        var plateaus = levels.Select(r => new Plateau(r.First, r.Last, points[r.First].Bytes, points[r.Last].Bytes, Median(points, r.First, r.Last))).ToList();
        var sizes = new long?[3];
        var latencies = new Dictionary<string, double>();
        for (int i = 0; i + 1 < levels.Count && i < sizes.Length; i++)
        {
            sizes[i] = StepAt(points, levels[i], levels[i + 1]);
            latencies[CacheSizes.LevelNames[i]] = plateaus[i].Nanoseconds;
        }

        double? dram = plateaus.Count >= 2 ? plateaus[^1].Nanoseconds : null;
        return new MeasuredHierarchy(new CacheSizes(sizes[0], sizes[1], sizes[2]), latencies, dram, plateaus);
    }

    private static bool IsStep(IReadOnlyList<SweepPoint> points, (int First, int Last) lower, (int First, int Last) upper)
    {
        double high = Median(points, lower.Last - EdgePoints + 1, lower.Last);
        double low = Median(points, upper.First, upper.First + EdgePoints - 1);
        double rise = Math.Log(low / high);
        if (rise < Math.Log(StepRatio))
        {
            return false;
        }

        double distance = upper.First - lower.Last + EdgePoints - 1; // between the centres of the two edge windows
        double plateauSlope = Math.Max(Slope(points, lower), Slope(points, upper));
        return rise / distance >= SteepnessFactor * plateauSlope;
    }

    // Least-squares slope of ln(latency) per size step over a run.
    private static double Slope(IReadOnlyList<SweepPoint> points, (int First, int Last) run)
    {
        int n = run.Last - run.First + 1;
        double meanX = (n - 1) / 2.0;
        double meanY = Enumerable.Range(run.First, n).Average(i => Math.Log(points[i].Nanoseconds));
        double sxy = 0, sxx = 0;
        for (int k = 0; k < n; k++)
        {
            double dx = k - meanX;
            sxy += dx * (Math.Log(points[run.First + k].Nanoseconds) - meanY);
            sxx += dx * dx;
        }

        return Math.Max(sxy / sxx, 0);
    }

    // The last working set between two levels still nearer the lower one (below the geometric mean of the edges): a
    // slow start of the rise (TLB misses inside a level) is not the step, a point already up the step is.
    private static long StepAt(IReadOnlyList<SweepPoint> points, (int First, int Last) lower, (int First, int Last) upper)
    {
        double threshold = Math.Sqrt(Median(points, lower.Last - EdgePoints + 1, lower.Last) * Median(points, upper.First, upper.First + EdgePoints - 1));
        long at = points[lower.Last].Bytes;
        for (int k = lower.Last + 1; k < upper.First; k++)
        {
            if (points[k].Nanoseconds < threshold)
            {
                at = points[k].Bytes;
            }
        }

        return at;
    }

    // A single disturbed size (another program's burst) is replaced by its neighbours' median; steps keep their edges.
    private static List<SweepPoint> MedianOfThree(IReadOnlyList<SweepPoint> curve) =>
        [.. curve.Select((p, i) => i == 0 || i == curve.Count - 1
            ? p
            : p with { Nanoseconds = LatencySweep.Median([curve[i - 1].Nanoseconds, p.Nanoseconds, curve[i + 1].Nanoseconds]) })];

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

    private static double Median(IReadOnlyList<SweepPoint> points, int first, int last) =>
        LatencySweep.Median([.. points.Skip(first).Take(last - first + 1).Select(p => p.Nanoseconds)]);
}
