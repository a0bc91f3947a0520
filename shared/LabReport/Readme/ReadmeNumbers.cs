using System.Text.RegularExpressions;

namespace LabReport.Readme;

/// <summary>A number a README shows outside its generated blocks that nothing accounts for.</summary>
/// <param name="Line">1-based line in the README.</param>
/// <param name="Text">The number with its unit, as written.</param>
public sealed record HandTypedNumber(int Line, string Text);

/// <summary>
/// The rule that keeps measured numbers out of a README's hand-written text. A measured number is a number with a
/// unit of time, rate, size, ratio or share (ns, µs, ms, s, min, h, ops/s, inserts/s, MB/s, B, KiB, MiB, GiB, KB, MB,
/// GB, ×, x, %, and the K/M/G multipliers) or a duration written m:ss. Outside the generated blocks it may appear only
/// <list type="bullet">
/// <item>as the same number with the same unit inside a generated block of the same README (prose may repeat what a
/// block holds; when a new run changes the block, the repeated number no longer matches and this rule fails);</item>
/// <item>as a published number: written so in a post's Claims/claims.json, or inside a quoted block of the
/// same README, <c>&lt;!-- post-numbers:begin --&gt;</c> … <c>&lt;!-- post-numbers:end --&gt;</c> (what a post or a
/// spec printed, typed once per README and cited from its prose);</item>
/// <item>as code, for a parameter: <c>`256 KiB`</c>, <c>`--seconds 5`</c> (a value the lab sets, not one it measured);</item>
/// <item>as the confidence level of an interval (99.9% within one process, 95% between interleaved rounds).</item>
/// </list>
/// Anything else is a measurement typed by hand, which the next run makes stale: it belongs in a generated block.
/// Numbers compare as written (2.57M is not 2.6M; 1.24x is 1.24×). Plain counts (500,000 inserts, 2 cores) and
/// unitless decimals are not checked.
/// </summary>
public static partial class ReadmeNumbers
{
    /// <summary>Opening marker of a quoted block of published numbers.</summary>
    public const string QuotedBegin = "<!-- post-numbers:begin";

    /// <summary>Closing marker.</summary>
    public const string QuotedEnd = "<!-- post-numbers:end -->";

    /// <summary>Numbers that are conventions, not measurements.</summary>
    public static readonly IReadOnlySet<string> Conventions = new HashSet<string>(StringComparer.Ordinal) { "99.9%", "95%" };

    /// <summary>Every number of a README's hand-written text that nothing accounts for, in order.</summary>
    /// <param name="readme">The README's text.</param>
    /// <param name="published">The numbers of the posts' claims.json files (<see cref="Tokens"/> of its text).</param>
    /// <exception cref="FormatException">A generated or quoted block is not closed.</exception>
    public static IReadOnlyList<HandTypedNumber> Find(string readme, IReadOnlySet<string> published)
    {
        ArgumentNullException.ThrowIfNull(readme);
        ArgumentNullException.ThrowIfNull(published);
        var blocks = ReadmeBlock.FindAll(readme);
        var accounted = new HashSet<string>(published, StringComparer.Ordinal);
        accounted.UnionWith(blocks.SelectMany(b => Tokens(readme[b.ContentStart..b.ContentEnd])));
        string text = ReadmeBlock.Fill(readme, b => Spaces(readme[b.ContentStart..b.ContentEnd]));
        text = Blank(text, QuotedRegion(), m => accounted.UnionWith(Tokens(m.Value)));
        if (StrayQuoteMarker().IsMatch(text))
        {
            throw new FormatException($"a {QuotedBegin} … --> needs its {QuotedEnd}");
        }

        text = Blank(text, NotProse(), _ => { });
        return [.. Measured().Matches(text)
            .Where(m => !Conventions.Contains(m.Value) && !accounted.Contains(Normal(m.Value)))
            .Select(m => new HandTypedNumber(text.AsSpan(0, m.Index).Count('\n') + 1, m.Value))];
    }

    /// <summary>The measured-looking numbers of a text, each as written without spaces (× for x, µ for μ).</summary>
    public static IReadOnlySet<string> Tokens(string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        return Measured().Matches(text).Select(m => Normal(m.Value)).ToHashSet(StringComparer.Ordinal);
    }

    private static string Normal(string token) =>
        new string([.. token.Where(c => !char.IsWhiteSpace(c))]).Replace('x', '×').Replace('μ', 'µ');

    // Replaces each match by spaces (its line breaks kept, so line numbers stay right).
    private static string Blank(string text, Regex regex, Action<Match> seen) => regex.Replace(text, m =>
    {
        seen(m);
        return Spaces(m.Value);
    });

    private static string Spaces(string text) => new([.. text.Select(c => c == '\n' ? c : ' ')]);

    private const string NumberPattern = @"(?<![\w.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.,])\d+(?:\.\d+)?";

    // Markers stand on lines of their own, as the generated blocks' do.
    [GeneratedRegex(@"^<!-- post-numbers:begin[^\n]*-->[ \t]*\r?$.*?^<!-- post-numbers:end -->", RegexOptions.Singleline | RegexOptions.Multiline)]
    private static partial Regex QuotedRegion();

    [GeneratedRegex(@"^<!-- post-numbers:(?:begin|end)", RegexOptions.Multiline)]
    private static partial Regex StrayQuoteMarker();

    // Code blocks, code spans, HTML comments and link targets: commands, parameters and paths, not prose.
    [GeneratedRegex(@"```.*?```|`[^`\n]*`|<!--.*?-->|\]\([^)\s]*\)", RegexOptions.Singleline)]
    private static partial Regex NotProse();

    [GeneratedRegex(@"(?:(?<n>" + NumberPattern + @")(?:[ \u00a0\u202f]?(?:ops/s|inserts/s|[KMG]B/s|M/s|K/s|ns|µs|μs|us|ms|min|minutes|seconds|hours|s|h|KiB|MiB|GiB|TiB|KB|MB|GB|bytes|B|×|%)|x|[KMG])(?![\w/])|(?<![\d:])\d{1,2}:\d{2}(?::\d{2})?(?![\d:]))")]
    private static partial Regex Measured();
}
