using System.Reflection;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Running;
using MeasurementLab;

namespace MeasurementLab;

/// <summary>A mode of a post's program other than BenchmarkDotNet (a latency run, a perf runner, a checker).</summary>
/// <param name="Name">The first argument that selects it, e.g. "latency".</param>
/// <param name="Summary">One line for the program's help.</param>
/// <param name="Run">Receives the remaining arguments; returns the exit code. Throw <see cref="UsageException"/> for bad arguments.</param>
/// <param name="Usage">Full usage text, printed on --help and after a usage error.</param>
public sealed record SubCommand(string Name, string Summary, Func<string[], int> Run, string Usage);

/// <summary>
/// The shared <c>Main</c> of every post: sub-commands first, everything else to BenchmarkDotNet's
/// <see cref="BenchmarkSwitcher"/> so <c>--filter</c>, <c>--job</c>, <c>--list</c> behave as BenchmarkDotNet users expect.
/// No arguments runs every benchmark of the post (never the interactive menu, which would hang a script).
/// </summary>
public static class LabEntryPoint
{
    /// <summary>Exit code for a command line that cannot be accepted.</summary>
    public const int UsageExitCode = 2;

    // With any of these the user already chose what to run (or asked for information), so no "--filter *" is added.
    private static readonly string[] SelectingSwitches = ["--list", "--help", "-h", "-?", "--version", "--info", "--filter"];

    /// <summary>Runs the program.</summary>
    /// <returns>0 on success, 1 when a benchmark failed or nothing matched the filter, 2 on a usage error.</returns>
    public static int Run(string[] args, Assembly benchmarkAssembly, IConfig? config, params SubCommand[] subCommands)
    {
        ArgumentNullException.ThrowIfNull(args);
        if (args.Length > 0 && subCommands.FirstOrDefault(c => c.Name == args[0]) is { } command)
        {
            return RunSubCommand(command, args[1..]);
        }

        if (args.Length > 0 && args[0] is "--help" or "-h" or "-?" && subCommands.Length > 0)
        {
            PrintModes(benchmarkAssembly, subCommands);
        }

        if (!args.Any(a => SelectingSwitches.Any(s => a == s || a.StartsWith(s + "=", StringComparison.Ordinal))))
        {
            args = [.. args, "--filter", "*"];
        }

        var summaries = BenchmarkSwitcher.FromAssembly(benchmarkAssembly).Run(args, config).ToList();
        bool informational = args.Any(a => a is "--list" or "--help" or "-h" or "-?" or "--version" or "--info");
        if (informational)
        {
            return 0;
        }

        if (summaries.Count == 0 || summaries.All(s => s.BenchmarksCases.Length == 0))
        {
            Console.Error.WriteLine("No benchmark matched. List them with: dotnet run -c Release -- --list flat");
            return 1;
        }

        bool failed = summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success));
        if (failed)
        {
            Console.Error.WriteLine("At least one benchmark failed or did not validate; see the log above.");
        }

        return failed ? 1 : 0;
    }

    /// <summary>Runs one sub-command with the lab's conventions for --help and usage errors.</summary>
    public static int RunSubCommand(SubCommand command, string[] args)
    {
        ArgumentNullException.ThrowIfNull(command);
        if (args.Any(a => a is "--help" or "-h" or "-?"))
        {
            Console.Out.WriteLine(command.Usage);
            return 0;
        }

        try
        {
            return command.Run(args);
        }
        catch (UsageException e)
        {
            Console.Error.WriteLine($"error: {e.Message}");
            Console.Error.WriteLine();
            Console.Error.WriteLine(command.Usage);
            return UsageExitCode;
        }
    }

    private static void PrintModes(Assembly assembly, SubCommand[] subCommands)
    {
        string name = assembly.GetName().Name ?? "program";
        Console.Out.WriteLine($"{name}: BenchmarkDotNet benchmarks (options below) and these modes:");
        foreach (var c in subCommands)
        {
            Console.Out.WriteLine($"  {c.Name,-18} {c.Summary}  (dotnet run -c Release -- {c.Name} --help)");
        }

        Console.Out.WriteLine();
    }
}
