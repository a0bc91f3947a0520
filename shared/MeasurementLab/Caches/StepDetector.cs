namespace MeasurementLab.Caches;

/// <summary>The sweep points between two steps: one level of the hierarchy.</summary>
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
/// <param name="Plateaus">Every level between steps, innermost first; the last is DRAM (more than four: steps past L3, such as TLB reach).</param>
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
/// Finds the steps of a latency-vs-working-set curve (both log), after a running median of three (one disturbed size is
/// not a level). A step is where the latency rises by at least <see cref="StepRatio"/> within <see cref="StepWindow"/>
/// size steps (half a doubling), or by <see cref="OctaveStepRatio"/> within a doubling, and, there, at least <see cref="SteepnessFactor"/> times as steeply as the
/// curve's typical slope (the median over all its size steps); overlapping such windows are one step, widened while
/// the rise stays as steep as a step's. The levels are the stretches between steps. A smooth curve rises alike everywhere, so
/// nothing stands out: not detected, nothing guessed. A level's size is the last working set of the step still below
/// the geometric mean of the latencies at the step's two ends (a slow start of the rise, such as TLB misses inside a
/// level, is not the step).
/// </summary>
public static class StepDetector
{
    /// <summary>The latency ratio a step must climb.</summary>
    public const double StepRatio = 1.5;

    /// <summary>Size steps (of 2^(1/4)) within which it must climb it: half a doubling.</summary>
    public const int StepWindow = 2;

    /// <summary>A step spread over a whole doubling (a shared L3 filling gradually) must climb this much there.</summary>
    public const double OctaveStepRatio = 1.8;

    /// <summary>Size steps in a doubling.</summary>
    public const int OctaveWindow = 4;

    /// <summary>How much steeper than the curve's median slope a step must be.</summary>
    public const double SteepnessFactor = 2.0;

    // A step rises at least this much per size step anywhere (a perfectly flat curve has a typical slope of zero).
    private static readonly double MinSlope = Math.Log(StepRatio) / (4 * StepWindow);

    /// <summary>Reads the levels off the curve (points in ascending working-set order).</summary>
    public static MeasuredHierarchy Detect(IReadOnlyList<SweepPoint> curve)
    {
        ArgumentNullException.ThrowIfNull(curve);
        var points = MedianOfThree(curve);
        var steps = FindSteps(points);
        var plateaus = new List<Plateau>();
        for (int k = 0; k <= steps.Count; k++)
        {
            // Level k lies between the end of the step below it and the start of the step above it.
            int first = k == 0 ? 0 : steps[k - 1].End;
            int last = k < steps.Count ? steps[k].Start : points.Count - 1;
            plateaus.Add(new Plateau(first, last, points[first].Bytes, points[last].Bytes, Median(points, first, last)));
        }

        var sizes = new long?[3];
        var latencies = new Dictionary<string, double>();
        for (int i = 0; i < steps.Count && i < sizes.Length; i++)
        {
            sizes[i] = StepAt(points, steps[i]);
            latencies[CacheSizes.LevelNames[i]] = plateaus[i].Nanoseconds;
        }

        double? dram = steps.Count > 0 ? plateaus[^1].Nanoseconds : null;
        return new MeasuredHierarchy(new CacheSizes(sizes[0], sizes[1], sizes[2]), latencies, dram, plateaus);
    }

    // Each step as (index where the rise starts, index where it ends), ascending.
    private static List<(int Start, int End)> FindSteps(IReadOnlyList<SweepPoint> points)
    {
        if (points.Count <= OctaveWindow)
        {
            return [];
        }

        var y = points.Select(p => Math.Log(p.Nanoseconds)).ToArray();
        double typical = LatencySweep.Median([.. Enumerable.Range(0, y.Length - 1).Select(i => Math.Abs(y[i + 1] - y[i]))]);
        double steep = Math.Max(SteepnessFactor * typical, MinSlope);

        // Sharp steps first; a gradual one (a doubling) only where no sharp step is, so it cannot bridge a short level.
        var sharp = Windows(y, StepWindow, StepRatio, steep);
        var gradual = Windows(y, OctaveWindow, OctaveStepRatio, steep).Where(g => !sharp.Any(s => g.Start <= s.End && s.Start <= g.End));
        return [.. sharp.Concat(gradual).OrderBy(step => step.Start)];
    }

    // Every window of the curve that climbs enough and steeply enough, widened, overlapping ones merged.
    private static List<(int Start, int End)> Windows(double[] y, int window, double ratio, double steep)
    {
        var steps = new List<(int Start, int End)>();
        for (int i = 0; i + window < y.Length; i++)
        {
            double rise = y[i + window] - y[i];
            if (rise < Math.Log(ratio) || rise / window < steep)
            {
                continue;
            }

            var step = Widen(y, i, i + window, steep);
            if (steps.Count > 0 && step.Start <= steps[^1].End)
            {
                steps[^1] = (steps[^1].Start, Math.Max(step.End, steps[^1].End));
            }
            else
            {
                steps.Add(step);
            }
        }

        return steps;
    }

    private static (int Start, int End) Widen(double[] y, int start, int end, double steep)
    {
        // Widen over neighbouring size steps that alone climb as fast as a step must on average.
        double climb = Math.Max(steep, Math.Log(StepRatio) / StepWindow);
        while (start > 0 && y[start] - y[start - 1] > climb)
        {
            start--;
        }

        while (end + 1 < y.Length && y[end + 1] - y[end] > climb)
        {
            end++;
        }

        return (start, end);
    }

    // The last working set of the step still nearer the lower level (below the geometric mean of its two ends).
    private static long StepAt(IReadOnlyList<SweepPoint> points, (int Start, int End) step)
    {
        double threshold = Math.Sqrt(points[step.Start].Nanoseconds * points[step.End].Nanoseconds);
        long at = points[step.Start].Bytes;
        for (int k = step.Start + 1; k < step.End; k++)
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

    private static double Median(IReadOnlyList<SweepPoint> points, int first, int last) =>
        LatencySweep.Median([.. points.Skip(first).Take(last - first + 1).Select(p => p.Nanoseconds)]);
}
