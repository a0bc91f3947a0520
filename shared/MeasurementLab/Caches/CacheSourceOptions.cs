namespace MeasurementLab.Caches;

/// <summary>
/// Where a command takes the cache sizes from, read once for <c>caches</c>, <c>predict</c> and <c>cache-info</c>:
/// <c>--caches FILE</c> (a caches.json; also the <c>FTF_CACHES_JSON</c> variable) or this machine, with
/// <c>--sysfs DIR</c> and a sweep chosen by <c>--sweep quick|full|none</c> and capped by <c>--max-mib N</c>.
/// </summary>
public sealed record CacheSourceOptions(string? File, string SysfsRoot, string Sweep, long? MaxBytes)
{
    /// <summary>The option lines every command that reads caches prints in its --help.</summary>
    public const string Help = """
          --caches FILE      the sources a 'caches --write' recorded (caches.json), nothing measured again; the
                             FTF_CACHES_JSON variable does the same when this option is absent
          --sysfs DIR        CPU directory to read (default /sys/devices/system/cpu); it must exist
          --sweep MODE       quick (default: one sweep, a few seconds), full (five sweeps, the spread), none
          --max-mib N        largest working set of the sweep in MiB (default: 4x the largest claimed cache, <= 1024)
        """;

    /// <summary>The sweep modes.</summary>
    public static readonly IReadOnlyList<string> SweepModes = ["quick", "full", "none"];

    /// <summary>Reads the options (before <see cref="OptionReader.EnsureAllConsumed"/>).</summary>
    public static CacheSourceOptions Read(OptionReader reader)
    {
        ArgumentNullException.ThrowIfNull(reader);
        string? file = reader.String("--caches");
        string sysfs = reader.ExistingDirectory("--sysfs", CacheTopology.SysfsCpuRoot);
        string sweep = reader.String("--sweep", SweepModes[0])!;
        if (!SweepModes.Contains(sweep))
        {
            throw new UsageException($"Option --sweep must be one of {string.Join(", ", SweepModes)}; got '{sweep}'.");
        }

        long maxMib = reader.Integer("--max-mib", 0, 1, LatencySweep.MaxBytesCap >> 20); // 0: not given
        if (file is null && Environment.GetEnvironmentVariable(CacheSources.FileVariable) is { Length: > 0 } fromEnvironment)
        {
            file = fromEnvironment;
        }

        return new CacheSourceOptions(file, sysfs, sweep, maxMib > 0 ? maxMib << 20 : null);
    }

    /// <summary>The sweep's settings factory, or null for --sweep none.</summary>
    public Func<long, SweepSettings>? Settings => Sweep switch
    {
        "full" => SweepSettings.Full,
        "none" => null,
        _ => SweepSettings.Quick,
    };

    /// <summary>The sources: loaded from the file, or read and measured on this machine (progress on <paramref name="progress"/>).</summary>
    public (CacheSources Sources, SweepResult? Sweep) Resolve(Action<string>? progress = null, CancellationToken cancel = default) =>
        File is not null
            ? (CacheSourcesJson.Load(File, "--caches"), null)
            : CacheSources.Detect(SysfsRoot, Settings, MaxBytes, progress, cancel);
}
