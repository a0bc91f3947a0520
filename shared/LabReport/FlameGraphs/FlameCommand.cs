using LabReport.Charts;
using MeasurementLab;

namespace LabReport.FlameGraphs;

/// <summary><c>flame &lt;folded-file&gt; [--svg FILE] [--speedscope FILE] [--title TEXT]</c>: a flame graph (SVG) and a speedscope file from folded stacks.</summary>
public static class FlameCommand
{
    /// <summary>Usage of the command.</summary>
    public const string Usage = """
        Usage: LabReport flame <folded-file> [--svg FILE] [--speedscope FILE] [--title TEXT]

        Reads folded stacks ("root;caller;...;leaf count" per line, as perf-based collapsers write them) and writes a
        flame graph: one box per frame, as wide as its samples, its full name and samples shown on hover.
          --svg FILE         the flame graph (default: the folded file's name with .svg)
          --speedscope FILE  the same stacks as a speedscope profile (default: the folded file's name with .speedscope.json)
          --title TEXT       the graph's title (default: the folded file's name)
        """;

    /// <summary>Runs the command; returns the exit code (0 written).</summary>
    public static int Run(IReadOnlyList<string> args, TextWriter output, TextWriter error)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        var options = new OptionReader(args);
        string? svg = options.String("--svg");
        string? speedscope = options.String("--speedscope");
        string? title = options.String("--title");
        options.EnsureAllConsumed(maxPositionals: 1);
        string folded = options.Positionals.FirstOrDefault()
            ?? throw new UsageException("flame needs a folded-stacks file, e.g. flame-graph/random.folded");
        if (!File.Exists(folded))
        {
            throw new UsageException($"<folded-file>: '{folded}' not found");
        }

        FoldedStacks stacks;
        try
        {
            stacks = FoldedStacks.Load(folded);
        }
        catch (InvalidDataException e)
        {
            throw new UsageException($"<folded-file>: {e.Message}");
        }

        string stem = Path.Combine(Path.GetDirectoryName(Path.GetFullPath(folded))!, Path.GetFileNameWithoutExtension(folded));
        svg ??= stem + ".svg";
        speedscope ??= stem + ".speedscope.json";
        title ??= Path.GetFileName(folded);
        var (model, height) = FlameGraphChart.Model(stacks, title);
        var writer = new ChartWriter(Path.GetDirectoryName(Path.GetFullPath(svg))!);
        writer.Save(model, Path.GetFileName(svg), height, FlameGraphChart.Width);
        File.WriteAllText(speedscope, Speedscope.Json(stacks, title));
        if (writer.Font.Warning is { } warning)
        {
            error.WriteLine($"warning: {warning}");
        }

        output.WriteLine(svg);
        output.WriteLine(speedscope);
        return 0;
    }
}
