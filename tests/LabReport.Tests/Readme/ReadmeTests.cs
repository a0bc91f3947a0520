using LabReport.Readme;

namespace LabReport.Tests.Readme;

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

    [Fact]
    public void Readme_fills_the_prologues_block_and_keeps_the_block_of_a_post_the_run_lacks()
    {
        using var run = RunFixture.Copy("prologue");
        // A repository around the copy: <root>/results/fixtures/prologue next to <root>/first-things-first/<post>/README.md.
        string root = Path.Combine(Path.GetDirectoryName(Path.GetDirectoryName(run.Path))!, "repo");
        string results = Path.Combine(root, "results", "fixtures");
        Directory.CreateDirectory(results);
        Directory.Move(run.Path, Path.Combine(results, "prologue"));
        try
        {
            string Readme(string post)
            {
                string path = Path.Combine(root, "first-things-first", post, "README.md");
                Directory.CreateDirectory(Path.GetDirectoryName(path)!);
                File.WriteAllText(path, $"# {post}\n\n{ReadmeCommand.Begin}\nan earlier run's table\n{ReadmeCommand.End}\n");
                return path;
            }

            string prologue = Readme("hand-rolled-harness");
            string post1 = Readme("why-benchmarks-lie");
            var (code, _, error) = RunFixture.Run("readme", Path.Combine(results, "prologue"));
            code.Should().Be(0, error);
            string text = File.ReadAllText(prologue);
            text.Should().Contain("| Heapsort / quicksort").And.Contain("](../../results/fixtures/prologue/prologue-sorts.svg)").And.NotContain("an earlier run's table");
            File.ReadAllText(post1).Should().Contain("an earlier run's table");
            error.Should().Contain("left as it is (the run has no why-benchmarks-lie/ folder)");
        }
        finally
        {
            Directory.Move(Path.Combine(results, "prologue"), run.Path);
        }
    }

    [Fact]
    public void Post_5s_block_holds_its_claims_and_the_cache_sweep_chart_together()
    {
        using var run = RunFixture.Copy("full");
        // The fixture's post 5 folder gets a recorded sweep, so two sections (its claims, the cache sweep) speak for one README.
        foreach (string file in new[] { "cache-sweep.csv", "caches.json" })
        {
            File.Copy(Path.Combine(AppContext.BaseDirectory, "Fixtures", "sweep", file), Path.Combine(run.Path, "hardware-counters", file));
        }

        string root = Path.Combine(Path.GetDirectoryName(Path.GetDirectoryName(run.Path))!, "repo-sweep");
        string results = Path.Combine(root, "results", "fixtures");
        Directory.CreateDirectory(results);
        Directory.Move(run.Path, Path.Combine(results, "full"));
        try
        {
            string readme = Path.Combine(root, "first-things-first", "hardware-counters", "README.md");
            Directory.CreateDirectory(Path.GetDirectoryName(readme)!);
            File.WriteAllText(readme, $"# hardware-counters\n\n{ReadmeCommand.Begin}\nan earlier run's table\n{ReadmeCommand.End}\n");
            var (code, _, error) = RunFixture.Run("readme", Path.Combine(results, "full"));
            code.Should().Be(0, error);
            File.ReadAllText(readme).Should().Contain("| SumRandom / SumSequential time, N = 8,000,000", "post 5's claims must not be replaced by the sweep's empty table")
                .And.Contain("/cache-sweep.svg)").And.Contain("/post5-ratio-by-n.svg)").And.NotContain("an earlier run's table");
        }
        finally
        {
            Directory.Move(Path.Combine(results, "full"), run.Path);
        }
    }
}
