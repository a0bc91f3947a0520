namespace LabScripts.Tests;

/// <summary>The contract every script keeps for a wrong input: exit 2, one line on stderr naming the problem and --help.</summary>
internal static class UsageErrors
{
    /// <summary>Asserts a usage error that contains <paramref name="message"/>.</summary>
    public static void ShouldBeUsageError(this ScriptResult result, string message)
    {
        result.ExitCode.Should().Be(2, result.ToString());
        result.StderrLines.Should().ContainSingle(result.ToString())
            .Which.Should().StartWith("error: ").And.Contain(message).And.Contain("--help");
    }
}
