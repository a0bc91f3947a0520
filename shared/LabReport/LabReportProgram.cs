using LabReport.Readme;
using MeasurementLab;

namespace LabReport;

/// <summary>The entry point: the commands of <see cref="Usage"/> (<see cref="CommandNames"/>) and <c>--help</c>.</summary>
public static class LabReportProgram
{
    /// <summary>The whole usage text.</summary>
    public const string Usage = """
        Usage: dotnet run --project shared/LabReport -- <command> ...

          report <run-folder> [--out DIR]
              report.md + SVG charts + report.html: every post's claims judged against the published numbers
          compare <run-folder> <run-folder> [more...] [--threshold PCT] [--out DIR]
              every benchmark present in the first run and another: ratio with CI, faster/slower/same,
              the environment diff, one table and one chart
          readme <run-folder>
              regenerate every block between <!-- measured-here:begin SPEC --> and <!-- measured-here:end -->
              of the READMEs from the run: a post's verdicts, a run file's tables, environment rows
          stability <run-folder> <run-folder> [more...] [--out DIR]
              the verdicts of several runs side by side, judged with the current rules: "N of M claims agree",
              borderline or drifted disagreements, and machine properties apart from noise
          flame <folded-file> [--svg FILE] [--speedscope FILE] [--title TEXT]
              a flame graph (SVG, full names on hover) and a speedscope file from folded stacks
          plan <run-folder> --seconds-left S [--step-file FILE]
              judge the run so far and print what to measure next (scripts/run-all.sh's planner); exit 3: nothing more
          efficiency <run-folder> --wall SECONDS
              where a run's time went: the share in measured iterations, the claims decided per minute
          spread <run-folder> [--out DIR]
              per claim, the spread between rounds and within them, and Kalibera & Jones's iterations per round
          archive <run-folder> [--summary]   /   archive --all [results-folder]
              gzip a run's raw BenchmarkDotNet reports and logs in place, or (--summary) keep only its summary files
          probe --label LABEL [--append FILE]
              time the drift probe (a CPU loop and a memory-latency point) and append it to a run's probe.csv
          --help
        """;

    private const string Invocation = "dotnet run --project shared/LabReport --";

    /// <summary>Runs a command line; returns the exit code (0 done, 1 nothing could be reported, 2 bad input).</summary>
    public static int Run(IReadOnlyList<string> args, TextWriter output, TextWriter error)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        // Reports are compared byte for byte (golden files, diffs between runs): one number format everywhere.
        System.Globalization.CultureInfo.CurrentCulture = System.Globalization.CultureInfo.InvariantCulture;
        var commands = Commands(output, error);
        if (args.Count == 0 || args[0] is "--help" or "-h" or "help")
        {
            if (args.Count == 0)
            {
                return LabEntryPoint.UsageError(error, $"a command is needed: {Names(commands, " or ")}", Invocation + " --help");
            }

            output.WriteLine(Usage);
            return 0;
        }

        if (commands.FirstOrDefault(c => c.Name == args[0]) is not { } command)
        {
            return LabEntryPoint.UsageError(error, $"unknown command '{args[0]}' (allowed: {Names(commands, ", ")})", Invocation + " --help");
        }

        try
        {
            return LabEntryPoint.RunSubCommand(command, [.. args.Skip(1)], output, error);
        }
        catch (RunFolderException e)
        {
            // Not a usage mistake but a path that is not a run: one line naming it, no pointer to --help.
            error.WriteLine($"error: {e.Message}");
            return LabEntryPoint.UsageExitCode;
        }
    }

    /// <summary>The commands' names, in the order the error messages list them.</summary>
    public static IReadOnlyList<string> CommandNames { get; } = [.. Commands(TextWriter.Null, TextWriter.Null).Select(c => c.Name)];

    // "report, compare, … or spread" (last separator given): the one list both error messages print.
    private static string Names(IReadOnlyList<SubCommand> commands, string last) =>
        string.Join(", ", commands.SkipLast(1).Select(c => c.Name)) + last + commands[^1].Name;

    private static SubCommand[] Commands(TextWriter output, TextWriter error) =>
        [
            Command("report", "report.md and the charts of a run", a => ReportCommand.Run(a, output, error), ReportCommand.Usage),
            Command("compare", "runs compared benchmark by benchmark", a => CompareCommand.Run(a, output, error), CompareCommand.Usage),
            Command("readme", "the measured-here blocks of the post READMEs", a => ReadmeCommand.Run(a, output, error), ReadmeCommand.Usage),
            Command("stability", "several runs' verdicts side by side", a => StabilityCommand.Run(a, output, error), StabilityCommand.Usage),
            Command("flame", "a flame graph from folded stacks", a => FlameGraphs.FlameCommand.Run(a, output, error), FlameGraphs.FlameCommand.Usage),
            Command("probe", "the drift probe, appended to a run's probe.csv", a => ProbeCommand.Run(a, output), ProbeCommand.Usage),
            Command("plan", "what a run should measure next", a => Planning.PlanCommand.Run(a, output, error), Planning.PlanCommand.Usage),
            Command("efficiency", "where a run's time went", a => Planning.EfficiencyCommand.Run(a, output), Planning.EfficiencyCommand.Usage),
            Command("archive", "a run made lean: raw files gzipped, or its summary only", a => ArchiveCommand.Run(a, output, error), ArchiveCommand.Usage),
            Command("spread", "where each claim's spread comes from", a => Planning.SpreadCommand.Run(a, output), Planning.SpreadCommand.Usage),
        ];

    private static SubCommand Command(string name, string summary, Func<string[], int> run, string usage) =>
        new(name, summary, run, usage) { Invocation = $"{Invocation} {name}" };
}
