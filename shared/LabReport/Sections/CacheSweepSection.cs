using System.Globalization;
using System.Text.Json;
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
        string? folder = Folders.Select(context.Run.PostPath).FirstOrDefault(f => File.Exists(Path.Combine(f, "cache-sweep.csv")));
        if (folder is null)
        {
            return new PostReport(Post, Title, false, [], [], [], [$"no cache-sweep.csv in {string.Join(" or ", Folders)}/ (the hooks' 'caches --write')"]);
        }

        var charts = new List<ChartRef>();
        try
        {
            string csv = Path.Combine(folder, "cache-sweep.csv");
            context.Read(csv);
            var curve = ReadCurve(csv);
            string json = Path.Combine(folder, "caches.json");
            var (detected, claims) = File.Exists(json) ? ReadSources(json) : (new Dictionary<string, long>(), []);
            if (File.Exists(json))
            {
                context.Read(json);
            }
            else
            {
                context.Problem($"{context.Run.Relative(json)}: not found, so no levels or claims are marked");
            }

            if (curve.Count < 2)
            {
                context.Problem($"{context.Run.Relative(csv)}: fewer than two points");
            }
            else
            {
                string file = ChartFile.Save(CacheSweepChart.Model(curve, detected, claims), context.ChartDirectory, "cache-sweep.svg");
                charts.Add(new ChartRef(file, "Latency per load vs working set (log), the detected levels and each source's claimed sizes"));
            }
        }
        catch (Exception e) when (e is IOException or FormatException or JsonException or KeyNotFoundException or InvalidOperationException)
        {
            context.Problem($"the cache sweep could not be charted: {e.Message}");
        }

        return new PostReport(Post, Title, true, [], charts, context.Files, context.Problems);
    }

    private static List<SweepSample> ReadCurve(string path) =>
        [.. File.ReadLines(path).Skip(1).Where(l => l.Length > 0).Select(l => l.Split(',')).Select(f => new SweepSample(
            Number(f[0]), Number(f[1]), Number(f[2]), Number(f[3])))];

    private static (Dictionary<string, long> Detected, List<(string, IReadOnlyDictionary<string, long>)> Claims) ReadSources(string path)
    {
        using var document = JsonDocument.Parse(File.ReadAllText(path));
        var sources = document.RootElement.GetProperty("sources");
        var claims = new List<(string, IReadOnlyDictionary<string, long>)>();
        foreach (string source in new[] { "sysfs", "cpuid" })
        {
            if (sources.GetProperty(source) is { ValueKind: JsonValueKind.Object } s)
            {
                claims.Add((source, Levels(s)));
            }
        }

        var measured = sources.GetProperty("measured");
        return (measured.ValueKind == JsonValueKind.Object ? Levels(measured) : [], claims);
    }

    private static Dictionary<string, long> Levels(JsonElement element) =>
        element.EnumerateObject().Where(p => p.Value.ValueKind == JsonValueKind.Number).ToDictionary(p => p.Name, p => p.Value.GetInt64());

    private static double Number(string text) => double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);
}
