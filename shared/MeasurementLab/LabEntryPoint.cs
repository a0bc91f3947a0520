using System.Reflection;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Running;

namespace MeasurementLab;

/// <summary>
/// The shared <c>Main</c> of every post: sub-commands first, everything else checked (<see cref="BenchmarkArguments"/>)
/// and handed to BenchmarkDotNet's <see cref="BenchmarkSwitcher"/>, so <c>--filter</c>, <c>--job</c>, <c>--list</c>
/// behave as BenchmarkDotNet users expect. No arguments runs every benchmark of the post (never the interactive menu,
/// which would hang a script). A usage error is one line on standard error and exit code 2, before anything runs.
/// </summary>
public static class LabEntryPoint
{
    /// <summary>Exit code for a command line that cannot be accepted.</summary>
    public const int UsageExitCode = 2;

    /// <summary>Exit code when a benchmark failed or nothing matched the filter.</summary>
    public const int FailureExitCode = 1;

    private const string ProgramInvocation = "dotnet run -c Release --";

    /// <summary>Runs a program without a banner.</summary>
    public static int Run(string[] args, Assembly benchmarkAssembly, IConfig? config, params SubCommand[] subCommands) =>
        Run(args, new LabProgram(benchmarkAssembly, subCommands) { Config = config });

    /// <summary>Runs the program.</summary>
    /// <returns>0 on success, 1 when a benchmark failed or nothing matched the filter, 2 on a usage error.</returns>
    public static int Run(string[] args, LabProgram program, TextWriter? output = null, TextWriter? error = null)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(program);
        output ??= Console.Out;
        error ??= Console.Error;
        if (args.Length > 0 && program.Modes.FirstOrDefault(c => c.Name == args[0]) is { } command)
        {
            return RunSubCommand(command, args[1..], output, error);
        }

        try
        {
            return RunBenchmarks(args, program, output, error);
        }
        catch (UsageException e)
        {
            return UsageError(error, e.Message, ProgramInvocation + " --help");
        }
    }

    /// <summary>
    /// Checks the arguments and the --artifacts directory, then runs BenchmarkDotNet. A sub-command that runs benchmarks
    /// (with a config of its own) calls this, so its usage errors reach the caller as <see cref="UsageException"/>.
    /// </summary>
    /// <exception cref="UsageException">The command line cannot be accepted; nothing ran.</exception>
    public static int RunBenchmarks(string[] args, LabProgram program, TextWriter output, TextWriter error)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(program);
        ArgumentNullException.ThrowIfNull(output);
        ArgumentNullException.ThrowIfNull(error);
        var arguments = BenchmarkArguments.Parse(args, program.Modes);
        if (!arguments.IsInformational && arguments.ArtifactsDirectory is { } artifacts)
        {
            OutputDirectory.Prepare(artifacts, "--artifacts");
        }

        if (args.Length > 0 && args[0] is "--help" or "-h" or "-?" && program.Modes.Count > 0)
        {
            PrintModes(output, program);
        }

        if (!arguments.IsInformational && program.Banner?.Invoke(arguments) is { } banner)
        {
            output.WriteLine(banner);
        }

        if (args.Length > 0 && args[0] is "--help" or "-h" or "-?")
        {
            output.WriteLine(BenchmarkArguments.LabOptionsUsage);
        }

        var config = arguments.InProcess ? InProcessJobs.Everywhere(program.Config) : program.Config;
        List<BenchmarkDotNet.Reports.Summary> summaries;
        if (arguments.Rounds is int rounds && !arguments.IsInformational)
        {
            var schedule = new LabRounds.RoundSchedule(rounds, arguments.RoundsSeed ?? LabRounds.RoundSchedule.NewSeed());
            var run = BenchmarkRounds.Run(arguments.ForBenchmarkDotNet, config, program.Benchmarks, schedule,
                new RoundSelection(arguments.FirstRound ?? 1, arguments.LastRound ?? rounds, arguments.Cases));
            if (run is null)
            {
                return UsageError(error, "BenchmarkDotNet did not accept the arguments (its message is above)", ProgramInvocation + " --help");
            }

            summaries = [.. run];
        }
        else
        {
            summaries = [.. BenchmarkSwitcher.FromAssembly(program.Benchmarks).Run(arguments.ForBenchmarkDotNet, config)];
        }

        if (arguments.IsInformational)
        {
            return 0;
        }

        if (summaries.Count == 0 || summaries.All(s => s.BenchmarksCases.Length == 0))
        {
            error.WriteLine("No benchmark matched. List them with: dotnet run -c Release -- --list flat");
            return FailureExitCode;
        }

        bool failed = summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success));
        if (failed)
        {
            error.WriteLine("At least one benchmark failed or did not validate; see the log above.");
        }

        return failed ? FailureExitCode : 0;
    }

    /// <summary>Runs one sub-command with the lab's conventions for --help and usage errors.</summary>
    public static int RunSubCommand(SubCommand command, string[] args, TextWriter? output = null, TextWriter? error = null)
    {
        ArgumentNullException.ThrowIfNull(command);
        ArgumentNullException.ThrowIfNull(args);
        if (args.Any(a => a is "--help" or "-h" or "-?"))
        {
            (output ?? Console.Out).WriteLine(command.Usage);
            return 0;
        }

        try
        {
            return command.Run(args);
        }
        catch (UsageException e)
        {
            return UsageError(error ?? Console.Error, e.Message, command.Invocation + " --help");
        }
    }

    /// <summary>The lab's usage error: "error: …" naming the argument, a pointer to <paramref name="help"/>, exit code 2.</summary>
    public static int UsageError(TextWriter error, string message, string help)
    {
        ArgumentNullException.ThrowIfNull(error);
        ArgumentNullException.ThrowIfNull(message);
        error.WriteLine($"error: {message.TrimEnd('.')}");
        error.WriteLine($"see '{help}'");
        return UsageExitCode;
    }

    private static void PrintModes(TextWriter output, LabProgram program)
    {
        string name = program.Benchmarks.GetName().Name ?? "program";
        output.WriteLine($"{name}: BenchmarkDotNet benchmarks (options below) and these modes:");
        foreach (var c in program.Modes)
        {
            output.WriteLine($"  {c.Name,-18} {c.Summary}  ({c.Invocation} --help)");
        }

        output.WriteLine();
    }
}
