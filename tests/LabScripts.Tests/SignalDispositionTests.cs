namespace LabScripts.Tests;

/// <summary>
/// The interrupt tests send SIGINT to the scripts they start; they must pass whether <c>dotnet test</c> runs in a
/// terminal or as a background job, which inherits SIGINT ignored and passes that on to every process it starts.
/// </summary>
public class SignalDispositionTests
{
    [Fact]
    public void A_script_started_the_tests_way_dies_of_an_interrupt_even_when_its_parent_ignores_interrupts()
    {
        // The outer shell ignores INT as a background job does; each child interrupts itself and would exit 7 if the
        // interrupt were ignored. Started through Bash.DefaultSignals it dies of the signal (130); started plainly it
        // inherits the ignored INT, which shows the outer shell really reproduces a background job.
        string defaults = string.Join(' ', Bash.DefaultSignals.Select(a => $"'{a}'"));
        string child = $"'{Bash.BashPath}' -c 'kill -INT $$; exit 7'";

        var result = Bash.Code($"trap '' INT; {defaults} {child} && s=0 || s=$?; echo reset:$s; {child} && s=0 || s=$?; echo plain:$s");

        result.ExitCode.Should().Be(0, result.ToString());
        result.Stdout.Should().Contain("reset:130").And.Contain("plain:7", result.ToString());
    }

    [Fact]
    public void The_scripts_under_test_start_with_no_signal_ignored()
    {
        var result = Bash.Code("grep '^SigIgn:' /proc/self/status");

        result.ExitCode.Should().Be(0, result.ToString());
        result.Stdout.Trim().Should().Be("SigIgn:\t0000000000000000", "bash ignores nothing it did not inherit ignored");
    }
}
