namespace LabReport.Tests;

public class ReadmeTests
{
    [Fact]
    public void The_block_between_the_markers_is_replaced_and_the_rest_kept()
    {
        string text = $"# Post\n\nprose before\n\n{ReadmeCommand.Begin}\nold table\n{ReadmeCommand.End}\n\nprose after\n";
        string? updated = ReadmeCommand.Replace(text, "new table\n");
        updated.Should().Be($"# Post\n\nprose before\n\n{ReadmeCommand.Begin}\nnew table\n{ReadmeCommand.End}\n\nprose after\n");
        ReadmeCommand.Replace(updated!, "new table\n").Should().Be(updated, "regenerating is idempotent");
    }

    [Fact]
    public void Without_markers_nothing_is_replaced() => ReadmeCommand.Replace("# Post\n", "x").Should().BeNull();

    [Fact]
    public void Readme_refuses_a_run_outside_the_repository()
    {
        using var run = RunFixture.Copy("full");
        var (code, _, error) = RunFixture.Run("readme", run.Path);
        code.Should().Be(2);
        error.Should().Contain("not inside the repository");
    }
}
