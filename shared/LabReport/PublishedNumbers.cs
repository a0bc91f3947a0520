using System.Text.Json;

namespace LabReport;

/// <summary>One published claim: post, section, what it says, its number.</summary>
public sealed record PublishedClaim(string Id, string Section, string Claim, string Kind, double Value, string? Unit, string Display);

/// <summary>One post's published numbers.</summary>
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
            var claims = post.GetProperty("claims").EnumerateArray().Select(c => new PublishedClaim(
                c.GetProperty("id").GetString()!,
                c.GetProperty("section").GetString()!,
                c.GetProperty("claim").GetString()!,
                c.GetProperty("kind").GetString()!,
                c.GetProperty("value").GetDouble(),
                c.TryGetProperty("unit", out var u) ? u.GetString() : null,
                c.GetProperty("display").GetString()!)).ToList();
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
}
