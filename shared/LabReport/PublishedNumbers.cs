using System.Globalization;
using System.Text.Json;
using LabRounds;

namespace LabReport;

/// <summary>
/// One published claim: post, section, what it says, its kind and number, and where the number comes from.
/// </summary>
/// <param name="Id">Stable id (verdicts are compared across runs by it).</param>
/// <param name="Section">The post's section.</param>
/// <param name="Claim">What the claim says, as the report's first column.</param>
/// <param name="Kind">How it is judged (<see cref="ClaimKinds"/>).</param>
/// <param name="Value">The post's number (for a bound, the bound; for equivalence, the post's ratio).</param>
/// <param name="Unit">Unit of <paramref name="Value"/>, or null for a ratio.</param>
/// <param name="Display">The post column of the report.</param>
public sealed record PublishedClaim(string Id, string Section, string Claim, string Kind, double Value, string? Unit, string Display)
{
    /// <summary>The source sentence, quoted briefly.</summary>
    public string Quote { get; init; } = "";

    /// <summary>How <see cref="Value"/> is derived from numbers of the quote (e.g. "38147737.5 / 767679.5"), or null when it is one of them.</summary>
    public string? Formula { get; init; }

    /// <summary>Numbers a formula uses that are not in the quote, each with why (a model's constants).</summary>
    public IReadOnlyDictionary<string, string> Constants { get; init; } = new Dictionary<string, string>();

    /// <summary>When the number reads words of the quote ("far faster" as at least 10×): the words, and how they are read.</summary>
    public (string Words, string As)? Reading { get; init; }

    /// <summary><see cref="Value"/> as the data file writes it ("23.9"): an exact claim holds to its decimals.</summary>
    public string ValueText { get; init; } = "";

    /// <summary>The smallest effect size of interest (0.05 = ±5% around 1) of an equivalence or trivial-difference claim.</summary>
    public double? Sesoi { get; init; }

    /// <summary>Why that SESOI (the post's words).</summary>
    public string? SesoiWhy { get; init; }

    /// <summary>A band claim's half-width as a share of the post's number (0.05 = ±5%), or null for the default ×/÷2 band.</summary>
    public double? Tolerance { get; init; }

    /// <summary>Why that tolerance: the post's own spread, or the determinism of the measurement.</summary>
    public string? ToleranceWhy { get; init; }

    /// <summary>Premise: how many threads must run at once for the claim (contention), or null.</summary>
    public int? Threads { get; init; }

    /// <summary>Premise: hardware the claim needs ("pmu"), or null.</summary>
    public string? Needs { get; init; }

    /// <summary>The post's size and the size measured here, when the ratio is rescaled by n / ln n; null otherwise.</summary>
    public (double From, double To)? Rescale { get; init; }

    /// <summary>
    /// The cases the claim reads (<see cref="CaseSpec"/>: a benchmark case, or a step its post's hook runs), in the order
    /// its measurement uses them (a ratio's numerator first): what the planner runs again while the claim is undecided,
    /// and what a test checks against the post's benchmarks, so that renaming one fails a test naming the claim.
    /// </summary>
    public IReadOnlyList<CaseSpec> Cases { get; init; } = [];

    /// <summary>Decimals of <see cref="ValueText"/> (0 for "27").</summary>
    public int Decimals => ValueText.Contains('.', StringComparison.Ordinal) ? ValueText.Length - ValueText.IndexOf('.', StringComparison.Ordinal) - 1 : 0;
}

/// <summary>One post's published numbers.</summary>
/// <param name="Source">The published text the numbers come from (the post's title as published).</param>
/// <param name="Settings">The run settings the post's numbers were measured with (e.g. post 3's rate and duration).</param>
public sealed record PostNumbers(string Post, string Title, string Source, IReadOnlyList<PublishedClaim> Claims,
    IReadOnlyDictionary<string, double> Settings)
{
    /// <summary>A claim by id; throws when the data file lacks it (a programming error, not a run problem).</summary>
    public PublishedClaim Claim(string id) =>
        Claims.FirstOrDefault(c => c.Id == id) ?? throw new InvalidOperationException($"claims.json has no claim '{id}' for {Post}");
}

/// <summary>
/// The series' published numbers: one claims.json per post, in the post's own folder (first-things-first/&lt;post&gt;/Claims/,
/// the engine's in shared/StorageEngine.Benchmarks/Claims/), copied next to the program under claims/.
/// </summary>
public sealed class PublishedNumbers
{
    /// <summary>A post's data file's name.</summary>
    public const string FileName = "claims.json";

    /// <summary>The folder next to the program that holds every post's data file.</summary>
    public const string Folder = "claims";

    private readonly Dictionary<string, PostNumbers> _posts;

    private PublishedNumbers(Dictionary<string, PostNumbers> posts) => _posts = posts;

    /// <summary>Every post, in the order of the series (<see cref="Sections.PostSections.All"/>).</summary>
    public IReadOnlyList<PostNumbers> Posts => [.. _posts.Values];

    /// <summary>The numbers of a post folder ("why-benchmarks-lie").</summary>
    public PostNumbers For(string post) =>
        _posts.TryGetValue(post, out var numbers) ? numbers : throw new InvalidOperationException($"no claims.json names the post '{post}'");

    /// <summary>Every post's data file in a checkout of the repository at <paramref name="root"/>.</summary>
    public static IReadOnlyList<string> RepositoryFiles(string root) =>
    [
        .. Directory.GetDirectories(Path.Combine(root, "first-things-first")).Order(StringComparer.Ordinal)
            .Select(d => Path.Combine(d, "Claims", FileName)).Where(File.Exists),
        Path.Combine(root, "shared", "StorageEngine.Benchmarks", "Claims", FileName),
    ];

    /// <summary>Loads every post's data file shipped next to the program.</summary>
    public static PublishedNumbers LoadDefault() => LoadFolder(Path.Combine(AppContext.BaseDirectory, Folder));

    /// <summary>Loads every claims.json under <paramref name="folder"/> (a post's or the program's claims/ folder).</summary>
    public static PublishedNumbers LoadFolder(string folder) =>
        Load(Directory.GetFiles(folder, FileName, SearchOption.AllDirectories));

    /// <summary>Loads posts' data files, one post each, ordered as the series is.</summary>
    public static PublishedNumbers Load(IEnumerable<string> paths)
    {
        ArgumentNullException.ThrowIfNull(paths);
        var order = Sections.PostSections.All.Select(s => s.Post).Distinct().ToList();
        var posts = paths.Select(LoadPost)
            .OrderBy(p => order.IndexOf(p.Post) is int i and >= 0 ? i : int.MaxValue)
            .ThenBy(p => p.Post, StringComparer.Ordinal)
            .ToList();
        var duplicate = posts.GroupBy(p => p.Post).FirstOrDefault(g => g.Count() > 1);
        if (duplicate is not null)
        {
            throw new InvalidDataException($"two claims.json files name the post '{duplicate.Key}'");
        }

        return new PublishedNumbers(posts.ToDictionary(p => p.Post, StringComparer.Ordinal));
    }

    /// <summary>Loads one post's data file.</summary>
    public static PostNumbers LoadPost(string path)
    {
        using var doc = JsonDocument.Parse(File.ReadAllText(path));
        var post = doc.RootElement;
        var claims = post.GetProperty("claims").EnumerateArray().Select(ReadClaim).ToList();
        var settings = new Dictionary<string, double>(StringComparer.Ordinal);
        if (post.TryGetProperty("settings", out var t))
        {
            foreach (var p in t.EnumerateObject())
            {
                settings[p.Name] = p.Value.GetDouble();
            }
        }

        string name = post.GetProperty("post").GetString()!;
        return new PostNumbers(name, post.GetProperty("title").GetString()!, post.GetProperty("source").GetString()!, claims, settings);
    }

    private static PublishedClaim ReadClaim(JsonElement c)
    {
        string? Text(string name) => c.TryGetProperty(name, out var v) ? v.GetString() : null;
        double? Number(string name) => c.TryGetProperty(name, out var v) ? v.GetDouble() : null;
        var value = c.GetProperty("value");
        var claim = new PublishedClaim(
            c.GetProperty("id").GetString()!,
            c.GetProperty("section").GetString()!,
            c.GetProperty("claim").GetString()!,
            c.GetProperty("kind").GetString()!,
            value.GetDouble(),
            Text("unit"),
            c.GetProperty("display").GetString()!)
        {
            Quote = Text("quote") ?? "",
            Formula = Text("formula"),
            ValueText = value.GetRawText(),
            Sesoi = Number("sesoi"),
            SesoiWhy = Text("sesoiWhy"),
            Tolerance = Number("tolerance"),
            ToleranceWhy = Text("toleranceWhy"),
            Threads = c.TryGetProperty("threads", out var threads) ? threads.GetInt32() : null,
            Needs = Text("needs"),
            Cases = [.. c.GetProperty("cases").EnumerateArray().Select(s => CaseSpec.Parse(s.GetString()!))],
        };
        if (c.TryGetProperty("constants", out var constants))
        {
            claim = claim with { Constants = constants.EnumerateObject().ToDictionary(p => p.Name, p => p.Value.GetString()!, StringComparer.Ordinal) };
        }

        if (c.TryGetProperty("reading", out var reading))
        {
            claim = claim with { Reading = (reading.GetProperty("words").GetString()!, reading.GetProperty("as").GetString()!) };
        }

        if (c.TryGetProperty("rescale", out var rescale))
        {
            claim = claim with { Rescale = (rescale.GetProperty("from").GetDouble(), rescale.GetProperty("to").GetDouble()) };
        }

        return claim;
    }

    /// <summary>A number as the data file and the report write it (invariant culture).</summary>
    internal static string Invariant(double value) => value.ToString(CultureInfo.InvariantCulture);
}
