namespace MeasurementLab.Caches;

/// <summary>
/// Every source of cache sizes side by side — sysfs, CPUID and the latency sweep — and the one the prediction and E4
/// use, the run's one answer (the report page picks the same): sysfs when present, the machine's own description,
/// with the sweep beside it as a check (a disagreement is flagged, not used: two sweeps of one run have put L2 at
/// 1.2 and 2.8 MiB); the measurement where sysfs says nothing; CPUID only when nothing else is known (on a guest it may
/// report the host's whole package, as this lab's VM does). Written and read as
/// caches.json by <see cref="CacheSourcesJson"/>, shown by <see cref="CacheSourcesTable"/>.
/// </summary>
/// <param name="Sysfs">Sizes from /sys (null when it has no cache information).</param>
/// <param name="Cpuid">Sizes from CPUID (null on a non-x86 CPU or when the leaves are empty).</param>
/// <param name="Measured">The sweep's reading (null when no sweep ran).</param>
public sealed record CacheSources(CacheTopology? Sysfs, CacheSizes? Cpuid, MeasuredHierarchy? Measured)
{
    /// <summary>Two sources disagree on a level when one claims more than this many times the other.</summary>
    public const double DisagreementFactor = 2.0;

    /// <summary>The environment variable naming a caches.json (written by <c>caches --write</c>) to use instead of measuring again.</summary>
    public const string FileVariable = "FTF_CACHES_JSON";

    /// <summary>"sysfs", "cpuid", "measured", or null when no source knows anything.</summary>
    public string? Used
    {
        get
        {
            bool sysfs = Sysfs is { IsKnown: true };
            bool measured = Measured is { Detected: true };
            if (sysfs)
            {
                return CacheTopology.SysfsSource;
            }

            if (measured)
            {
                return MeasuredHierarchy.Source;
            }

            return Cpuid is not null && Cpuid.KnownSizes().Any() ? CpuidCaches.Source : null;
        }
    }

    /// <summary>The topology of the source used (an empty one naming the sources when none knows anything).</summary>
    public CacheTopology Best => Used switch
    {
        CacheTopology.SysfsSource => Sysfs!,
        MeasuredHierarchy.Source => Measured!.Sizes.ToTopology(MeasuredHierarchy.Source),
        CpuidCaches.Source => Cpuid!.ToTopology(CpuidCaches.Source),
        _ => CacheTopology.FromLevels([], "sysfs, CPUID or measured"),
    };

    /// <summary>True when every level that both claim is within <see cref="DisagreementFactor"/>.</summary>
    public static bool Consistent(CacheSizes a, CacheSizes b)
    {
        ArgumentNullException.ThrowIfNull(a);
        ArgumentNullException.ThrowIfNull(b);
        return CacheSizes.LevelNames.All(level => !Disagree(a.Of(level), b.Of(level)));
    }

    /// <summary>True when any two sources claim sizes for <paramref name="level"/> more than 2× apart.</summary>
    public bool Disagree(string level)
    {
        var claims = Claims(level).Where(c => c is not null).ToList();
        return claims.Any(a => claims.Any(b => Disagree(a, b)));
    }

    /// <summary>The sizes of <paramref name="level"/> as sysfs, CPUID and the sweep claim them (nulls where silent).</summary>
    public IReadOnlyList<long?> Claims(string level) =>
        [Sysfs?.Sizes.Of(level), Cpuid?.Of(level), Measured?.Sizes.Of(level)];

    /// <summary>Every size any source claims (the sweep goes past the largest).</summary>
    public IEnumerable<long> ClaimedSizes() =>
        (Sysfs?.Sizes.KnownSizes() ?? []).Concat(Cpuid?.KnownSizes() ?? []);

    /// <summary>
    /// Reads sysfs and CPUID and, unless <paramref name="sweep"/> is null, runs the sweep past the largest claimed
    /// size (capped by <paramref name="maxBytes"/> when given). Returns the sources and the sweep's points.
    /// </summary>
    public static (CacheSources Sources, SweepResult? Sweep) Detect(
        string sysfsCpuRoot, Func<long, SweepSettings>? sweep, long? maxBytes = null, Action<string>? progress = null, CancellationToken cancel = default)
    {
        var sysfs = CacheTopology.Read(sysfsCpuRoot);
        var cpuid = CpuidCaches.Read();
        var partial = new CacheSources(sysfs.IsKnown ? sysfs : null, cpuid, null);
        if (sweep is null)
        {
            return (partial, null);
        }

        long max = LatencySweep.MaxBytesFor(partial.ClaimedSizes());
        var result = LatencySweep.Run(sweep(maxBytes is { } cap ? Math.Min(max, cap) : max), progress, cancel);
        return (partial with { Measured = StepDetector.Detect(result.Points) }, result);
    }

    /// <summary>The sources for a benchmark run: the file <see cref="FileVariable"/> names, or this machine with a quick sweep (once per process).</summary>
    public static CacheSources ForThisRun() => ThisRun.Value;

    /// <summary>The recorded sources (<see cref="FileVariable"/>) or sysfs and CPUID alone: for a benchmark process, which must not sweep.</summary>
    public static CacheSources WithoutSweep() =>
        Environment.GetEnvironmentVariable(FileVariable) is { Length: > 0 } file
            ? CacheSourcesJson.Load(file, FileVariable)
            : Detect(CacheTopology.SysfsCpuRoot, null).Sources;

    private static readonly Lazy<CacheSources> ThisRun = new(() =>
        Environment.GetEnvironmentVariable(FileVariable) is { Length: > 0 } file
            ? CacheSourcesJson.Load(file, FileVariable)
            : Detect(CacheTopology.SysfsCpuRoot, SweepSettings.Quick).Sources);

    /// <summary>One sentence: the source used and why.</summary>
    public string UsedSentence() => Used switch
    {
        CacheTopology.SysfsSource when Measured is { Detected: true } && Consistent(Sysfs!.Sizes, Measured.Sizes) => "Used: sysfs (consistent with the measurement within 2× at every level both give).",
        CacheTopology.SysfsSource when Measured is { Detected: true } => "Used: sysfs (the measurement disagrees by more than 2× at some level: shown beside it as a check, not used).",
        CacheTopology.SysfsSource => "Used: sysfs (no measurement to check it against).",
        MeasuredHierarchy.Source => "Used: measured (this machine has no sysfs cache information).",
        CpuidCaches.Source => "Used: CPUID (no sysfs cache information and the sweep found no steps; on a guest CPUID may describe the host).",
        _ => "Used: none (no source knows this machine's caches).",
    };

    private static bool Disagree(long? a, long? b) =>
        a is > 0 && b is > 0 && Math.Max(a.Value, b.Value) > DisagreementFactor * Math.Min(a.Value, b.Value);
}
