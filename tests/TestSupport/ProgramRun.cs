using FluentAssertions;
using MeasurementLab;

namespace TestSupport;

/// <summary>
/// One run of a lab program in this process, its two streams captured; shared by every program's command-line tests
/// (through this library) so "a usage error is one line naming the problem" means the same thing everywhere.
/// </summary>
public sealed record ProgramRun(int ExitCode, string Output, string Error)
{
    /// <summary>Runs <paramref name="program"/> through the shared entry point with <paramref name="args"/>.</summary>
    public static ProgramRun Of(LabProgram program, params string[] args)
    {
        using var output = new StringWriter();
        using var error = new StringWriter();
        int code = LabEntryPoint.Run(args, program, output, error);
        return new ProgramRun(code, output.ToString(), error.ToString());
    }

    /// <summary>Runs one sub-command the way a single-mode program's Main does.</summary>
    public static ProgramRun OfCommand(SubCommand command, params string[] args)
    {
        using var output = new StringWriter();
        using var error = new StringWriter();
        int code = LabEntryPoint.RunSubCommand(command, args, output, error);
        return new ProgramRun(code, output.ToString(), error.ToString());
    }

    /// <summary>Exit code 2, nothing on standard output, and on standard error one "error:" line naming every <paramref name="named"/>, then the pointer to --help.</summary>
    public void ShouldBeUsageError(params string[] named)
    {
        ExitCode.Should().Be(LabEntryPoint.UsageExitCode, Error);
        Output.Should().BeEmpty("nothing runs after a usage error");
        var lines = Error.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        lines.Should().HaveCount(2, "a usage error is one line and a pointer to --help, not the usage text: " + Error);
        lines[0].Should().StartWith("error: ");
        foreach (string name in named)
        {
            lines[0].Should().Contain(name);
        }

        lines[1].Should().MatchRegex("^see '.*--help'$");
        Error.Should().NotContain("   at ", "no stack trace");
    }
}
