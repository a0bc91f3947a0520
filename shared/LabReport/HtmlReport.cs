using System.Net;
using System.Text;
using System.Text.RegularExpressions;
using Markdig;

namespace LabReport;

/// <summary>
/// report.html: report.md as one page a reader opens in any browser — the markdown through Markdig, a table of contents,
/// the glance rows linked to their sections, every verdict a badge (a colour and its word), every chart's SVG inline in
/// a frame that scrolls rather than shrinks (each chart's ids carry its file name, so they do not collide) with a link to
/// the chart at full size, and a stylesheet in the page that turns tables into cards on a narrow screen. Links to the
/// run's raw files stay relative, as in report.md.
/// </summary>
public static partial class HtmlReport
{
    /// <summary>The file written next to report.md.</summary>
    public const string FileName = "report.html";

    /// <summary>Below this width (CSS px) every table row is a card: each cell on its own line, named by its column.</summary>
    public const int CardWidth = 700;

    /// <summary>The narrowest a chart is drawn (CSS px): narrower, its text would be 3–4 px tall; its frame scrolls instead.</summary>
    public const int ChartMinWidth = 560;

    private static readonly MarkdownPipeline Pipeline = new MarkdownPipelineBuilder().UsePipeTables().UseAutoIdentifiers().Build();

    // Each verdict's class and mark: the mark and the word carry the verdict where the colour does not (print, colour blindness).
    private static readonly Dictionary<string, (string Class, string Mark)> Badges = new(StringComparer.Ordinal)
    {
        [Verdict.Reproduced.Name()] = ("reproduced", "✓"),
        [Verdict.DirectionOnly.Name()] = ("partial", "↗"),
        [Verdict.SizeRuledOut.Name()] = ("partial", "↘"),
        [Verdict.Borderline.Name()] = ("borderline", "?"),
        [Verdict.NotReproduced.Name()] = ("not-reproduced", "✗"),
        [Verdict.NotMeasurableHere.Name()] = ("other", "–"),
        [Verdict.Missing.Name()] = ("other", "∅"),
        [Verdict.Information.Name()] = ("other", "i"),
    };

    private static readonly string Style = $$"""
        body { font-family: "DejaVu Sans", Verdana, sans-serif; font-size: 15px; line-height: 1.45; color: #1b1b1b; max-width: 1280px; margin: 2em auto; padding: 0 1.5em; }
        h1 { font-size: 1.7em; } h2 { font-size: 1.35em; margin-top: 2em; border-bottom: 1px solid #ddd; padding-bottom: .2em; }
        p, li, td, th, summary { overflow-wrap: break-word; }
        a:not([href^="#"]), code { overflow-wrap: anywhere; }
        pre { overflow-x: auto; }
        table { border-collapse: collapse; display: block; overflow-x: auto; font-size: .85em; margin: 1em 0; }
        th, td { border: 1px solid #ccc; padding: .3em .55em; vertical-align: top; text-align: left; }
        th { background: #f3f3f3; }
        code { background: #f3f3f3; padding: 0 .2em; }
        nav.toc { background: #f7f7f7; border: 1px solid #e2e2e2; padding: .4em 1em; margin: 1em 0; }
        nav.toc ol { margin: .3em 0; padding-left: 1.4em; }
        details { margin: 1em 0; } summary { cursor: pointer; font-weight: bold; }
        .verdict { display: inline-block; font-weight: bold; border: 1px solid; border-radius: .7em; padding: 0 .55em; }
        td .verdict { white-space: nowrap; }
        .verdict.reproduced { background: #d9f2dc; color: #114a1c; border-color: #2e8b43; }
        .verdict.partial { background: #dde9fb; color: #14386e; border-color: #4a7cc4; border-style: dashed; }
        .verdict.borderline { background: #fff0bf; color: #5c4300; border-color: #b58a00; border-style: dotted; border-width: 2px; }
        .verdict.not-reproduced { background: #fbd9d9; color: #7a1414; border-color: #c23b3b; border-width: 2px; }
        .verdict.other { background: #eeeeee; color: #444; border-color: #999; }
        .chart { display: block; margin: .8em 0; }
        .chart .frame { display: block; max-width: 900px; overflow-x: auto; border: 1px solid #e4e4e4; }
        .chart svg { display: block; width: 100%; min-width: {{ChartMinWidth}}px; height: auto; }
        .chart .caption { display: block; font-size: .85em; color: #555; margin-top: .3em; }
        @media (max-width: {{CardWidth - 1}}px) {
          body { margin: 1em auto; padding: 0 .75em; }
          table, tbody, tr, td { display: block; }
          table { overflow: visible; border: none; }
          thead { display: none; }
          tr { border: 1px solid #ccc; border-radius: 4px; margin: .7em 0; padding: .35em .55em; }
          td { border: none; padding: .12em 0; text-align: left !important; }
          td[data-label]::before { content: attr(data-label) ": "; font-weight: bold; color: #555; }
        }
        """;

    /// <summary>The page of <paramref name="markdown"/>, its charts read from <paramref name="reportDirectory"/>.</summary>
    public static string Write(string markdown, string reportDirectory)
    {
        ArgumentNullException.ThrowIfNull(markdown);
        ArgumentNullException.ThrowIfNull(reportDirectory);
        string body = Markdown.ToHtml(markdown, Pipeline);
        body = Image().Replace(body, m => Inline(m, reportDirectory));
        body = Table().Replace(body, m => Cards(m.Value));
        body = VerdictCell().Replace(body, m => Badges.TryGetValue(m.Groups["name"].Value, out var b) ? Badge(m.Groups["name"].Value, b) : m.Value);
        body = VerdictHeader().Replace(body, m => Badges.TryGetValue(m.Groups["name"].Value, out var b) ? m.Groups["open"].Value + Badge(m.Groups["name"].Value, b) + "</th>" : m.Value);
        var sections = Section().Matches(body).Select(m => (Id: m.Groups["id"].Value, Text: m.Groups["text"].Value)).ToList();
        body = LinkGlance(body, sections);
        body = Contents(body, sections);
        string title = Heading().Match(markdown) is { Success: true } h ? h.Groups[1].Value.Trim() : "Lab report";
        return $"""
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>{WebUtility.HtmlEncode(title)}</title>
            <style>
            {Style}
            </style>
            </head>
            <body>
            {body}
            </body>
            </html>

            """;
    }

    private static string Badge(string name, (string Class, string Mark) badge) =>
        $"""<span class="verdict {badge.Class}"><span aria-hidden="true">{badge.Mark}</span> {name}</span>""";

    // A chart of the run (an .svg next to the report) inline in its frame, with its caption and a link to the file; anything else stays an image.
    private static string Inline(Match image, string reportDirectory)
    {
        string source = WebUtility.HtmlDecode(image.Groups["src"].Value);
        string path = Path.Combine(reportDirectory, source);
        if (source.Contains("://", StringComparison.Ordinal) || Path.IsPathRooted(source) || !File.Exists(path))
        {
            return image.Value;
        }

        string svg = File.ReadAllText(path, Encoding.UTF8);
        int root = svg.IndexOf("<svg", StringComparison.Ordinal);
        return $"""<span class="chart"><span class="frame">{(root > 0 ? svg[root..] : svg).TrimEnd()}</span><span class="caption">{image.Groups["alt"].Value} · <a class="full" href="{image.Groups["src"].Value}">open full size</a></span></span>""";
    }

    // Every body cell named by its column's header, so a card (a row on a narrow screen) still says what each value is.
    private static string Cards(string table)
    {
        var headers = HeaderCell().Matches(table).Select(m => WebUtility.HtmlEncode(WebUtility.HtmlDecode(Tag().Replace(m.Groups["text"].Value, "")).Trim())).ToList();
        return Row().Replace(table, row =>
        {
            int column = 0;
            return BodyCell().Replace(row.Value, cell => column < headers.Count ? $"<td data-label=\"{headers[column++]}\"" : cell.Value);
        });
    }

    // The first cell of each glance row, a section's title, becomes a link to that section.
    private static string LinkGlance(string body, IReadOnlyList<(string Id, string Text)> sections)
    {
        int start = body.IndexOf("<h2 id=\"verdicts-at-a-glance\">", StringComparison.Ordinal);
        int end = start < 0 ? -1 : body.IndexOf("</table>", start, StringComparison.Ordinal);
        if (end < 0)
        {
            return body;
        }

        string glance = FirstCell().Replace(body[start..end], m =>
            sections.FirstOrDefault(s => s.Text == m.Groups["text"].Value) is { Id: { Length: > 0 } id }
                ? $"{m.Groups["open"].Value}<a href=\"#{id}\">{m.Groups["text"].Value}</a></td>"
                : m.Value);
        return body[..start] + glance + body[end..];
    }

    // The table of contents, before the first section.
    private static string Contents(string body, IReadOnlyList<(string Id, string Text)> sections)
    {
        int first = body.IndexOf("<h2 ", StringComparison.Ordinal);
        if (first < 0 || sections.Count < 2)
        {
            return body;
        }

        var toc = new StringBuilder("<nav class=\"toc\" aria-label=\"Contents\"><strong>Contents</strong>\n<ol>\n");
        foreach (var (id, text) in sections)
        {
            toc.Append($"<li><a href=\"#{id}\">{text}</a></li>\n");
        }

        toc.Append("</ol>\n</nav>\n");
        return body[..first] + toc + body[first..];
    }

    [GeneratedRegex("""<img src="(?<src>[^"]+\.svg)" alt="(?<alt>[^"]*)" */?>""")]
    private static partial Regex Image();

    [GeneratedRegex(@"^# (.+)$", RegexOptions.Multiline)]
    private static partial Regex Heading();

    [GeneratedRegex("<table>.*?</table>", RegexOptions.Singleline)]
    private static partial Regex Table();

    [GeneratedRegex("<th[^>]*>(?<text>.*?)</th>", RegexOptions.Singleline)]
    private static partial Regex HeaderCell();

    [GeneratedRegex("<tr>.*?</tr>", RegexOptions.Singleline)]
    private static partial Regex Row();

    [GeneratedRegex("<td(?=[ >])")]
    private static partial Regex BodyCell();

    [GeneratedRegex("<[^>]+>")]
    private static partial Regex Tag();

    [GeneratedRegex("(?<=<td[^>]*>)<strong>(?<name>[a-z ]+)</strong>")]
    private static partial Regex VerdictCell();

    [GeneratedRegex("(?<open><th[^>]*>)(?<name>[a-z ]+)</th>")]
    private static partial Regex VerdictHeader();

    [GeneratedRegex("""<h2 id="(?<id>[^"]+)">(?<text>.*?)</h2>""")]
    private static partial Regex Section();

    [GeneratedRegex("(?<open><tr>\\s*<td[^>]*>)(?<text>[^<]*)</td>")]
    private static partial Regex FirstCell();
}
