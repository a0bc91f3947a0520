using System.Globalization;
using System.Text;
using System.Text.Json;

namespace FirstThingsFirst.Ab;

/// <summary>Everything the summaries say about one run.</summary>
public sealed record AbReport(AbOptions Options, BuiltSide A, BuiltSide B, string Project, RoundsOutcome Outcome);

/// <summary>summary.md (a pull-request comment) and summary.json (for other programs).</summary>
public static class Summary
{
    /// <summary>
    /// The markdown summary; <paramref name="aa"/> and <paramref name="layout"/> are the output folder's aa.md and layout.md
    /// (this machine's A/A, and how far a change moved benchmarks it did not touch), printed beside the verdicts when present.
    /// </summary>
    public static string Markdown(AbReport report, string? aa, string? layout = null)
    {
        ArgumentNullException.ThrowIfNull(report);
        var o = report.Options;
        var md = new StringBuilder();
        md.AppendLine(CultureInfo.InvariantCulture, $"## ab: {Short(report.B)} vs {Short(report.A)}");
        md.AppendLine();
        md.AppendLine(CultureInfo.InvariantCulture, $"`{report.Project}`, filter `{string.Join(' ', o.Filters)}`; {report.Outcome.Rounds} {Rounds.Word(o.Method)} rounds in " +
            $"{Duration(report.Outcome.Wall)} (budget {Duration(o.Budget)}); threshold ±{Percent(o.Threshold)}. {Ending(report.Outcome)}");
        if (o.EnvironmentA.Count + o.EnvironmentB.Count > 0)
        {
            md.AppendLine();
            md.AppendLine(CultureInfo.InvariantCulture, $"Environment: A {Pairs(o.EnvironmentA)}; B {Pairs(o.EnvironmentB)}.");
        }

        md.AppendLine();
        md.AppendLine("| Benchmark | A | B | B/A | 95% interval | Rounds | Verdict |");
        md.AppendLine("| --- | ---: | ---: | ---: | --- | ---: | --- |");
        foreach (var r in report.Outcome.Results)
        {
            string interval = double.IsFinite(r.Lower) ? $"[{r.Lower:0.000}; {r.Upper:0.000}]" : "—";
            md.AppendLine(CultureInfo.InvariantCulture,
                $"| {r.Name.Replace("|", "\\|", StringComparison.Ordinal)} | {Time(r.MeanA)} | {Time(r.MeanB)} | {r.Ratio:0.000} | {interval} | {r.Rounds} | **{Rounds.Word(r.Verdict)}** |");
        }

        md.AppendLine();
        md.AppendLine("B/A is the median of the per-round ratios of mean times; the interval stays valid whichever look (3, 5, 8, 12, 18, 27, 40 rounds) " +
            "the run stopped at. *slower*/*faster*: the whole interval lies beyond ±threshold; *same*: it lies within; *undecided*: neither yet.");
        if (aa is not null)
        {
            md.AppendLine();
            md.AppendLine("### This machine's A/A (aa.md)");
            md.AppendLine();
            md.AppendLine(aa.Trim());
        }

        if (layout is not null)
        {
            md.AppendLine();
            md.AppendLine("### How far a change moved benchmarks it did not touch, on this machine (layout.md)");
            md.AppendLine();
            md.AppendLine(layout.Trim());
        }

        return md.ToString();
    }

    /// <summary>
    /// An A/A run's figures for aa.md: how many benchmarks the run flagged although nothing changed (its false positives at
    /// the threshold) and the widest interval, the change this budget could not have told from none.
    /// </summary>
    public static string AaMarkdown(AbReport report)
    {
        ArgumentNullException.ThrowIfNull(report);
        var results = report.Outcome.Results;
        int flagged = results.Count(r => r.Verdict is AbVerdict.Slower or AbVerdict.Faster);
        var widest = results.Where(r => double.IsFinite(r.Lower)).MaxBy(r => Math.Max(r.Upper - 1, 1 - r.Lower));
        var md = new StringBuilder();
        md.AppendLine(CultureInfo.InvariantCulture, $"A/A of {Short(report.A)}, `{report.Project}`, {report.Outcome.Rounds} rounds in {Duration(report.Outcome.Wall)}: " +
            $"**{flagged} of {results.Count}** benchmarks flagged slower or faster at ±{Percent(report.Options.Threshold)} " +
            $"({results.Count(r => r.Verdict == AbVerdict.Same)} same, {results.Count(r => r.Verdict == AbVerdict.Undecided)} undecided).");
        if (widest is not null)
        {
            string interval = FormattableString.Invariant($"[{widest.Lower:0.000}; {widest.Upper:0.000}]");
            md.AppendLine($"Widest interval: {interval} ({widest.Name}): a change inside it could not be told from none with this budget.");
        }

        return md.ToString();
    }

    /// <summary>The JSON summary.</summary>
    public static string Json(AbReport report)
    {
        ArgumentNullException.ThrowIfNull(report);
        var o = report.Options;
        var value = new
        {
            a = new { @ref = report.A.Ref, commit = report.A.Commit },
            b = new { @ref = report.B.Ref, commit = report.B.Commit },
            aa = o.IsAa,
            project = report.Project,
            environmentA = o.EnvironmentA,
            environmentB = o.EnvironmentB,
            filters = o.Filters,
            threshold = o.Threshold,
            method = Rounds.Word(o.Method),
            budgetSeconds = o.Budget.TotalSeconds,
            rounds = report.Outcome.Rounds,
            stop = StopWord(report.Outcome.Reason),
            problem = report.Outcome.Problem,
            wallSeconds = Math.Round(report.Outcome.Wall.TotalSeconds, 1),
            benchmarks = report.Outcome.Results.Select(r => new
            {
                name = r.Name,
                meanA = r.MeanA,
                meanB = r.MeanB,
                ratio = r.Ratio,
                lower = double.IsFinite(r.Lower) ? r.Lower : (double?)null,
                upper = double.IsFinite(r.Upper) ? r.Upper : (double?)null,
                rounds = r.Rounds,
                verdict = Rounds.Word(r.Verdict),
                ratios = r.Ratios,
            }),
        };
        return JsonSerializer.Serialize(value, Options) + "\n";
    }

    /// <summary>The stop reason's word in summary.json.</summary>
    public static string StopWord(StopReason reason) => reason switch
    {
        StopReason.AllDecided => "all-decided",
        StopReason.Budget => "budget",
        StopReason.MaxRounds => "max-rounds",
        StopReason.Interrupted => "interrupted",
        _ => "failed",
    };

    private static readonly JsonSerializerOptions Options = new() { WriteIndented = true };

    private static string Ending(RoundsOutcome outcome) => outcome.Reason switch
    {
        StopReason.AllDecided => "Stopped: every benchmark decided.",
        StopReason.Budget => "Stopped: the budget ended (more rounds, from a larger --budget, would decide the undecided).",
        StopReason.MaxRounds => "Stopped: the last round allowed.",
        StopReason.Interrupted => "Stopped: interrupted (Ctrl-C).",
        _ => $"Stopped: a side failed: {outcome.Problem?.Split('\n')[0]}",
    };

    private static string Pairs(IReadOnlyDictionary<string, string> environment) =>
        environment.Count == 0 ? "as inherited" : string.Join(", ", environment.Select(p => $"`{p.Key}={p.Value}`"));

    private static string Short(BuiltSide side) => $"{side.Ref} ({side.Commit[..Math.Min(10, side.Commit.Length)]})";

    private static string Percent(double fraction) => (fraction * 100).ToString("0.##", CultureInfo.InvariantCulture) + "%";

    private static string Duration(TimeSpan span) => span.TotalSeconds < 90
        ? span.TotalSeconds.ToString("0", CultureInfo.InvariantCulture) + " s"
        : span.TotalMinutes.ToString("0.#", CultureInfo.InvariantCulture) + " min";

    private static string Time(double ns) => ns switch
    {
        < 1_000 => ns.ToString("0.00", CultureInfo.InvariantCulture) + " ns",
        < 1_000_000 => (ns / 1_000).ToString("0.00", CultureInfo.InvariantCulture) + " μs",
        < 1_000_000_000 => (ns / 1_000_000).ToString("0.00", CultureInfo.InvariantCulture) + " ms",
        _ => (ns / 1_000_000_000).ToString("0.00", CultureInfo.InvariantCulture) + " s",
    };
}
