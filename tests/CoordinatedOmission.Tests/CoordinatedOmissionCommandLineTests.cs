
namespace CoordinatedOmission.Tests;

/// <summary>Every wrong input of post 3's program is one line naming it, exit code 2, and nothing runs.</summary>
public class CoordinatedOmissionCommandLineTests
{
    private static readonly MeasurementLab.SubCommand Program = SimulationCommand.Create(TextWriter.Null, TextWriter.Null);

    [Theory]
    [InlineData(new[] { "bogus-subcommand" }, "bogus-subcommand")]
    [InlineData(new[] { "--bogus-option" }, "--bogus-option")]
    [InlineData(new[] { "--rate", "fast" }, "--rate", "'fast'")]
    [InlineData(new[] { "--rate", "-450" }, "--rate", "at least 1")]
    [InlineData(new[] { "--duration", "0" }, "--duration", "at least 1")]
    [InlineData(new[] { "--rate", "99999999999999999999" }, "--rate", "at most 1000000")]
    [InlineData(new[] { "--pause-ms" }, "--pause-ms needs a value")]
    [InlineData(new[] { "--virtual", "--output", "/proc/nonexistent/out" }, "--output", "'/proc/nonexistent/out'")]
    public void A_wrong_input_is_one_line_naming_it(string[] args, params string[] named) =>
        ProgramRun.OfCommand(Program, args).ShouldBeUsageError(named);

    [Fact]
    public void The_pointer_after_an_error_is_the_programs_own_help() =>
        ProgramRun.OfCommand(Program, "--nope").Error.Should().Contain("see 'dotnet run -c Release -- --help'");
}
