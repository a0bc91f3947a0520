using System.Globalization;
using System.Text.Json;

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

    /// <summary>Premise: how many threads must run at once for the claim (contention), or null.</summary>
    public int? Threads { get; init; }

    /// <summary>Premise: hardware the claim needs ("pmu"), or null.</summary>
    public string? Needs { get; init; }

    /// <summary>The post's size and the size measured here, when the ratio is rescaled by n / ln n; null otherwise.</summary>
    public (double From, double To)? Rescale { get; init; }

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
        Claims.FirstOrDefault(c => c.Id == id) ?? throw new InvalidOperationException($"published-numbers.json has no claim '{id}' for {Post}");
}

/// <summary>The series' published numbers, read from the one data file next to the program (published-numbers.json).</summary>
public sealed class PublishedNumbers
{
    /// <summary>The data file's name.</summary>
    public const string FileName = "published-numbers.json";

    private readonly Dictionary<string, PostNumbers> _posts;

    private PublishedNumbers(Dictionary<string, PostNumbers> posts) => _posts = posts;

    /// <summary>Every post, in the file's order.</summary>
    public IReadOnlyList<PostNumbers> Posts => [.. _posts.Values];

    /// <summary>The numbers of a post folder ("why-benchmarks-lie").</summary>
    public PostNumbers For(string post) =>
        _posts.TryGetValue(post, out var numbers) ? numbers : throw new InvalidOperationException($"published-numbers.json has no post '{post}'");

    /// <summary>Loads the data file shipped next to the program.</summary>
    public static PublishedNumbers LoadDefault() => Load(Path.Combine(AppContext.BaseDirectory, FileName));

    /// <summary>Loads a data file.</summary>
    public static PublishedNumbers Load(string path)
    {
        using var doc = JsonDocument.Parse(File.ReadAllText(path));
        var posts = new Dictionary<string, PostNumbers>(StringComparer.Ordinal);
        foreach (var post in doc.RootElement.GetProperty("posts").EnumerateArray())
        {
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
            posts[name] = new PostNumbers(name, post.GetProperty("title").GetString()!, post.GetProperty("source").GetString()!, claims, settings);
        }

        return new PublishedNumbers(posts);
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
            Threads = c.TryGetProperty("threads", out var threads) ? threads.GetInt32() : null,
            Needs = Text("needs"),
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
