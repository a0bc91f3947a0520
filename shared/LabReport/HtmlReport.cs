using System.Net;
using System.Text;
using System.Text.RegularExpressions;
using Markdig;

namespace LabReport;

/// <summary>
/// report.html: report.md as one page a reader opens in any browser — the markdown through Markdig, every chart's SVG
/// inline (each chart's ids carry its file name, so they do not collide), charts a line shares side by side, and a
/// stylesheet in the page. Links to the run's raw files stay relative, as in report.md.
/// </summary>
public static partial class HtmlReport
{
    /// <summary>The file written next to report.md.</summary>
    public const string FileName = "report.html";

    private static readonly MarkdownPipeline Pipeline = new MarkdownPipelineBuilder().UsePipeTables().UseAutoIdentifiers().Build();

    private const string Style = """
        body { font-family: "DejaVu Sans", Verdana, sans-serif; font-size: 15px; line-height: 1.45; color: #1b1b1b; max-width: 1280px; margin: 2em auto; padding: 0 1.5em; }
        h1 { font-size: 1.7em; } h2 { font-size: 1.35em; margin-top: 2em; border-bottom: 1px solid #ddd; padding-bottom: .2em; }
        table { border-collapse: collapse; display: block; overflow-x: auto; font-size: .85em; margin: 1em 0; }
        th, td { border: 1px solid #ccc; padding: .3em .55em; vertical-align: top; text-align: left; }
        th { background: #f3f3f3; }
        code { background: #f3f3f3; padding: 0 .2em; }
        .chart { display: inline-block; width: 100%; margin: .6em 0; vertical-align: top; }
        .chart svg { display: block; width: 100%; max-width: 900px; height: auto; border: 1px solid #e4e4e4; }
        .chart .caption { display: block; font-size: .85em; color: #555; margin-top: .3em; }
        p:has(> .chart + .chart) { display: flex; gap: 1.5%; align-items: flex-start; }
        p:has(> .chart + .chart) > .chart { flex: 1 1 0; min-width: 0; }
        """;

    /// <summary>The page of <paramref name="markdown"/>, its charts read from <paramref name="reportDirectory"/>.</summary>
    public static string Write(string markdown, string reportDirectory)
    {
        ArgumentNullException.ThrowIfNull(markdown);
        ArgumentNullException.ThrowIfNull(reportDirectory);
        string body = Markdown.ToHtml(markdown, Pipeline);
        body = Image().Replace(body, m => Inline(m, reportDirectory));
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

    // A chart of the run (an .svg next to the report) inline with its caption; anything else stays an image.
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
        return $"""<span class="chart">{(root > 0 ? svg[root..] : svg).TrimEnd()}<span class="caption">{image.Groups["alt"].Value}</span></span>""";
    }

    [GeneratedRegex("""<img src="(?<src>[^"]+\.svg)" alt="(?<alt>[^"]*)" */?>""")]
    private static partial Regex Image();

    [GeneratedRegex(@"^# (.+)$", RegexOptions.Multiline)]
    private static partial Regex Heading();
}
