using LabReport.Charts;

namespace LabReport.Sections;

/// <summary>
/// The measured cache hierarchy next to the posts that lean on it: the latency sweep a hook recorded
/// (<c>cache-sweep.csv</c> and <c>caches.json</c>, written by the programs' <c>caches --write</c>), charted against
/// what sysfs and CPUID claim. Post 5's sweep reaches furthest, so it is preferred over post 2's.
/// </summary>
public sealed class CacheSweepSection : IPostSection
{
    /// <summary>The folders whose sweep is charted, in order of preference.</summary>
    public static readonly IReadOnlyList<string> Folders = ["hardware-counters", "enemies-of-measurement"];

    private const string Title = "Cache hierarchy: measured vs claimed";

    /// <inheritdoc />
    public string Post => Folders[0];

    /// <inheritdoc />
    public PostReport Build(SectionContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        string? folder = Folders.Select(context.Run.PostPath).FirstOrDefault(f => File.Exists(Path.Combine(f, CacheSweepCharts.SweepFile)));
        if (folder is null)
        {
            return new PostReport(Post, Title, false, [], [], [], [$"no {CacheSweepCharts.SweepFile} in {string.Join(" or ", Folders)}/ (the hooks' 'caches --write')"]);
        }

        var charts = context.DrawCharts ? CacheSweepCharts.Draw(context, folder).ToList() : [];
        return new PostReport(Post, Title, true, [], charts, context.Files, context.Problems);
    }
}
