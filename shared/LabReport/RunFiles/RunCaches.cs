using MeasurementLab;
using MeasurementLab.Caches;

namespace LabReport.RunFiles;

/// <summary>
/// The cache sizes a post of the run measured and used: its <c>caches.json</c> (written by the programs'
/// <c>caches --write</c>: sysfs, CPUID and the latency sweep side by side, and which one the post used). Post 5's
/// prediction and post 2's E4 each read their own post's file, so each keeps its own.
/// </summary>
public sealed record PostCaches(string Post, string File, CacheSources Sources)
{
    /// <summary>The source the post used: "sysfs", "cpuid" or "measured" (null: none knew the caches).</summary>
    public string? Used => Sources.Used;

    /// <summary>A level's size ("L1d", "L2", "L3") from the source used, or null.</summary>
    public long? Bytes(string level) => Used is null ? null : Sources.Best.Sizes.Of(level);

    /// <summary>"L1d 38.1 KiB, L2 724.1 KiB, L3 3.4 MiB (measured, hardware-counters/caches.json)".</summary>
    public string Describe() => Used is null
        ? $"unknown (no source knew them, {Post}/caches.json)"
        : $"{Sources.Best} ({Used}, {Post}/caches.json)";

    /// <summary>A level's size with where it comes from: "L2 724.1 KiB (measured, hardware-counters/caches.json)", or null.</summary>
    public string? Describe(string level) => Bytes(level) is { } bytes ? $"{level} {CacheTopology.FormatBytes(bytes)} ({Used}, {Post}/caches.json)" : null;
}

/// <summary>
/// The run's one cache hierarchy, the answer every chart and text of the report reads: sysfs where a caches.json
/// recorded it (the kernel's own description of this machine); else a latency sweep's steps; CPUID only when nothing
/// else knows (on a guest its leaves can describe the host's whole package).
/// </summary>
/// <param name="Sizes">L1d, L2, L3.</param>
/// <param name="Source">"sysfs", "measured" or "cpuid".</param>
/// <param name="From">The caches.json it was read from.</param>
public sealed record RunHierarchy(CacheSizes Sizes, string Source, PostCaches From)
{
    /// <summary>A level's size, or null when the source does not give it.</summary>
    public long? Bytes(string level) => Sizes.Of(level);

    /// <summary>"sysfs, hardware-counters/caches.json".</summary>
    public string Origin => $"{Source}, {From.Post}/{RunCaches.FileName}";

    /// <summary>"L1d 48 KiB, L2 1 MiB, L3 32 MiB".</summary>
    public string Levels => string.Join(", ", CacheSizes.LevelNames.Where(l => Sizes.Of(l) is not null).Select(l => $"{l} {CacheTopology.FormatBytes(Sizes.Of(l)!.Value)}"));
}

/// <summary>Every post folder's <c>caches.json</c> in a run, read once; a file that cannot be read is a problem line, not an error.</summary>
public sealed class RunCaches
{
    /// <summary>The file a post's <c>caches --write</c> leaves in its folder.</summary>
    public const string FileName = "caches.json";

    private RunCaches(IReadOnlyList<PostCaches> posts, IReadOnlyList<string> problems)
    {
        Posts = posts;
        Problems = problems;
    }

    /// <summary>The posts that recorded their caches, by folder name.</summary>
    public IReadOnlyList<PostCaches> Posts { get; }

    /// <summary>caches.json files that could not be read, one line each.</summary>
    public IReadOnlyList<string> Problems { get; }

    /// <summary>The run's one cache hierarchy (see <see cref="RunHierarchy"/>), or null when no caches.json knows any size.</summary>
    public RunHierarchy? Hierarchy =>
        Posts.FirstOrDefault(p => p.Sources.Sysfs is { IsKnown: true }) is { } sysfs ? new RunHierarchy(sysfs.Sources.Sysfs!.Sizes, CacheTopology.SysfsSource, sysfs)
        // Without sysfs, the sweep that found the most levels, then the one that reached the largest (post 5's goes furthest).
        : Posts.Where(p => p.Sources.Measured is { Detected: true })
            .OrderByDescending(p => p.Sources.Measured!.Sizes.KnownSizes().Count()).ThenByDescending(p => p.Sources.Measured!.Sizes.KnownSizes().Max())
            .FirstOrDefault() is { } measured ? new RunHierarchy(measured.Sources.Measured!.Sizes, MeasuredHierarchy.Source, measured)
        : Posts.FirstOrDefault(p => p.Sources.Cpuid is { } c && c.KnownSizes().Any()) is { } cpuid ? new RunHierarchy(cpuid.Sources.Cpuid!, CpuidCaches.Source, cpuid)
        : null;

    /// <summary>
    /// Each latency sweep of the run next to the hierarchy: "enemies-of-measurement's sweep: L1d 38.1 KiB, L2 724.1 KiB,
    /// L3 2 MiB (agrees with sysfs / ambiguous: L3 more than 2× from sysfs's)". A sweep whose steps are more than 2×
    /// from sysfs's, or from another sweep's, or that found no step for a level the hierarchy has, is called ambiguous.
    /// </summary>
    public IReadOnlyList<string> Sweeps()
    {
        var hierarchy = Hierarchy;
        var sweeps = Posts.Where(p => p.Sources.Measured is not null).ToList();
        var lines = new List<string>();
        foreach (var post in sweeps)
        {
            var sizes = post.Sources.Measured!.Sizes;
            string found = string.Join(", ", CacheSizes.LevelNames.Select(l => sizes.Of(l) is { } b ? $"{l} {CacheTopology.FormatBytes(b)}" : $"{l} not found"));
            var against = new List<string>();
            // The step detector checked against the hierarchy, unless the hierarchy is this very sweep.
            if (hierarchy is { } h && !(h.Source == MeasuredHierarchy.Source && ReferenceEquals(h.From, post)))
            {
                var off = CacheSizes.LevelNames.Where(l => h.Bytes(l) is not null && (sizes.Of(l) is null || Apart(sizes.Of(l), h.Bytes(l)))).ToList();
                if (off.Count > 0)
                {
                    against.Add($"{string.Join(", ", off)} not within 2× of {h.Source}'s");
                }
            }

            foreach (var other in sweeps.Where(o => !ReferenceEquals(o, post)))
            {
                var differ = CacheSizes.LevelNames.Where(l => (sizes.Of(l) is null) != (other.Sources.Measured!.Sizes.Of(l) is null)
                    || Apart(sizes.Of(l), other.Sources.Measured!.Sizes.Of(l))).ToList();
                if (differ.Count > 0)
                {
                    against.Add($"{string.Join(", ", differ)} not within 2× of {other.Post}'s sweep");
                }
            }

            string verdict = against.Count > 0 ? $"ambiguous: {string.Join("; ", against)}"
                : hierarchy is null ? "no step found"
                : hierarchy.Source == MeasuredHierarchy.Source && ReferenceEquals(hierarchy.From, post) ? "the hierarchy above"
                : $"within 2× of {(hierarchy.Source == MeasuredHierarchy.Source ? $"{hierarchy.From.Post}'s sweep" : hierarchy.Source)}";
            lines.Add($"{post.Post}'s sweep: {found} ({verdict})");
        }

        return lines;
    }

    // Two sizes of one level more than CacheSources' factor (2×) apart; a size only one of them gives is not "apart".
    private static bool Apart(long? a, long? b) =>
        a is > 0 && b is > 0 && Math.Max(a.Value, b.Value) > CacheSources.DisagreementFactor * Math.Min(a.Value, b.Value);

    /// <summary>What <paramref name="post"/> recorded, or null.</summary>
    public PostCaches? Of(string post) => Posts.FirstOrDefault(p => p.Post == post);

    /// <summary>Reads the caches.json of every post folder of <paramref name="runFolder"/>.</summary>
    public static RunCaches Load(string runFolder)
    {
        var posts = new List<PostCaches>();
        var problems = new List<string>();
        foreach (string folder in Directory.GetDirectories(runFolder).Order(StringComparer.Ordinal))
        {
            string file = Path.Combine(folder, FileName);
            if (!File.Exists(file))
            {
                continue;
            }

            string post = Path.GetFileName(folder);
            try
            {
                posts.Add(new PostCaches(post, file, CacheSourcesJson.Load(file, file)));
            }
            catch (UsageException e)
            {
                problems.Add($"{post}/{FileName}: not usable ({e.Message})");
            }
        }

        return new RunCaches(posts, problems);
    }
}
