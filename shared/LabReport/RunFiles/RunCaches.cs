using MeasurementLab;

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
