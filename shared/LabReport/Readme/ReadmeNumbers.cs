using System.Globalization;
using System.Text.RegularExpressions;

namespace LabReport.Readme;

/// <summary>A number a README shows outside its generated blocks that nothing accounts for.</summary>
/// <param name="Line">1-based line in the README.</param>
/// <param name="Text">The number with its unit, as written.</param>
public sealed record HandTypedNumber(int Line, string Text);

/// <summary>
/// The rule that keeps measured numbers out of a README's prose. A measured number is a number with a unit of time,
/// rate, size, ratio or share (ns, µs, ms, s, min, h, ops/s, inserts/s, MB/s, B, KiB, MiB, GiB, KB, MB, GB, ×, x, %,
/// and the K/M/G multipliers) or a duration written m:ss. Outside the generated blocks it may appear only as
/// <list type="bullet">
/// <item>a published number: its value is in shared/LabReport/published-numbers.json, or inside a quoted block of the
/// same README, <c>&lt;!-- post-numbers:begin --&gt;</c> … <c>&lt;!-- post-numbers:end --&gt;</c> (what a post or a spec
/// printed, typed once per README and cited from its prose);</item>
/// <item>a parameter, written as code (<c>`256 KiB`</c>, <c>`--seconds 5`</c>): a value the lab sets, not one it measured;</item>
/// <item>the confidence level every interval uses (99.9%).</item>
/// </list>
/// Anything else is a measurement typed by hand, which goes stale with the next run: it belongs in a generated block.
/// Plain counts (500,000 inserts, 2 cores) and unitless decimals are not checked.
/// </summary>
public static partial class ReadmeNumbers
{
    /// <summary>Opening marker of a quoted block of published numbers.</summary>
    public const string QuotedBegin = "<!-- post-numbers:begin";

    /// <summary>Closing marker.</summary>
    public const string QuotedEnd = "<!-- post-numbers:end -->";

    /// <summary>Numbers that are conventions, not measurements.</summary>
    public static readonly IReadOnlySet<string> Conventions = new HashSet<string>(StringComparer.Ordinal) { "99.9%" };

    /// <summary>Every number of a README's hand-written text that nothing accounts for, in order.</summary>
    /// <param name="readme">The README's text.</param>
    /// <param name="published">Every number of the published-numbers file (<see cref="PublishedValues"/>).</param>
    /// <exception cref="FormatException">A generated or quoted block is not closed.</exception>
    public static IReadOnlyList<HandTypedNumber> Find(string readme, IReadOnlySet<double> published)
    {
        ArgumentNullException.ThrowIfNull(readme);
        ArgumentNullException.ThrowIfNull(published);
        string text = ReadmeBlock.HandWritten(readme);
        var quoted = new HashSet<double>();
        text = Blank(text, QuotedRegion(), m => quoted.UnionWith(Measured().Matches(m.Value).Select(n => Value(n.Groups["n"].Value))));
        if (text.Contains(QuotedBegin, StringComparison.Ordinal) || text.Contains(QuotedEnd, StringComparison.Ordinal))
        {
            throw new FormatException($"a {QuotedBegin} … --> needs its {QuotedEnd}");
        }

        text = Blank(text, NotProse(), _ => { });
        var found = new List<HandTypedNumber>();
        foreach (Match m in Measured().Matches(text))
        {
            string token = m.Value.Trim();
            if (Conventions.Contains(token) || m.Groups["n"].Success && (published.Contains(Value(m.Groups["n"].Value)) || quoted.Contains(Value(m.Groups["n"].Value))))
            {
                continue;
            }

            found.Add(new HandTypedNumber(text.AsSpan(0, m.Index).Count('\n') + 1, token));
        }

        return found;
    }

    /// <summary>Every number written in the published-numbers file (values, displays and settings alike).</summary>
    public static IReadOnlySet<double> PublishedValues(string publishedNumbersJson)
    {
        ArgumentNullException.ThrowIfNull(publishedNumbersJson);
        return Number().Matches(publishedNumbersJson).Select(m => Value(m.Value)).ToHashSet();
    }

    private static double Value(string number) => double.Parse(number.Replace(",", "", StringComparison.Ordinal), NumberStyles.Float, CultureInfo.InvariantCulture);

    // Replaces each match by spaces (its line breaks kept, so line numbers stay right).
    private static string Blank(string text, Regex regex, Action<Match> seen) => regex.Replace(text, m =>
    {
        seen(m);
        return Regex.Replace(m.Value, "[^\n]", " ");
    });

    private const string NumberPattern = @"(?<![\w.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.,])\d+(?:\.\d+)?";

    [GeneratedRegex(NumberPattern)]
    private static partial Regex Number();

    [GeneratedRegex(@"<!-- post-numbers:begin.*?<!-- post-numbers:end -->", RegexOptions.Singleline)]
    private static partial Regex QuotedRegion();

    // Code blocks, code spans, HTML comments and link targets: commands, parameters and paths, not prose.
    [GeneratedRegex(@"```.*?```|`[^`\n]*`|<!--.*?-->|\]\([^)\s]*\)", RegexOptions.Singleline)]
    private static partial Regex NotProse();

    [GeneratedRegex(@"(?:(?<n>" + NumberPattern + @")(?:[ \u00a0\u202f]?(?:ops/s|inserts/s|[KMG]B/s|M/s|K/s|ns|µs|μs|us|ms|min|minutes|seconds|hours|s|h|KiB|MiB|GiB|TiB|KB|MB|GB|bytes|B|×|%)|x|[KMG])(?![\w/])|(?<![\d:])\d{1,2}:\d{2}(?::\d{2})?(?![\d:]))")]
    private static partial Regex Measured();
}
