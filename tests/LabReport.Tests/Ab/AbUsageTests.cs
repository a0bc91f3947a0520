namespace LabReport.Tests.Ab;

/// <summary>Every wrong input is one "error:" line naming it, a pointer to --help, exit code 2, and nothing run or left behind.</summary>
public class AbUsageTests
{
    [Theory]
    [InlineData(new string[0], "give two builds, --a REF --b REF, or one against itself, --aa REF")]
    [InlineData(new[] { "--a", "HEAD" }, "--b REF is missing")]
    [InlineData(new[] { "--b", "HEAD" }, "--a REF is missing")]
    [InlineData(new[] { "--aa", "HEAD", "--a", "HEAD" }, "--aa REF runs one build against itself: leave out --a and --b")]
    [InlineData(new[] { "--aa", "HEAD", "--b-env", "X=1" }, "--aa compares a build with itself")]
    [InlineData(new[] { "--aa", "HEAD", "--rounds", "1" }, "--rounds must be from 3 (the first round count with an interval) to 40; got 1")]
    [InlineData(new[] { "--aa", "HEAD", "--rounds", "0" }, "--rounds must be from 3")]
    [InlineData(new[] { "--aa", "HEAD", "--rounds", "many" }, "--rounds 'many' is not a whole number")]
    [InlineData(new[] { "--aa", "HEAD", "--rounds", "5", "--budget", "1m" }, "give --rounds or --budget, not both")]
    [InlineData(new[] { "--aa", "HEAD", "--budget", "soon" }, "--budget 'soon' is not a duration")]
    [InlineData(new[] { "--aa", "HEAD", "--budget", "0s" }, "--budget '0s' is not a duration of a second or more")]
    [InlineData(new[] { "--aa", "HEAD", "--threshold", "fast" }, "--threshold 'fast' is not a number")]
    [InlineData(new[] { "--aa", "HEAD", "--threshold", "0" }, "--threshold '0' must be above 0% and below 100%")]
    [InlineData(new[] { "--aa", "HEAD", "--threshold", "100%" }, "--threshold '100%' must be above 0% and below 100%")]
    [InlineData(new[] { "--aa", "HEAD", "--threshold=-2%" }, "must be above 0%")]
    [InlineData(new[] { "--aa", "HEAD", "--duet", "--sequential" }, "--duet and --sequential are two methods")]
    [InlineData(new[] { "--aa", "HEAD", "--filter" }, "--filter needs at least one pattern")]
    [InlineData(new[] { "--aa", "HEAD", "--mode", "insert-loop" }, "--mode insert-loop needs --value COLUMN")]
    [InlineData(new[] { "--aa", "HEAD", "--mode", "insert-loop", "--value", "x", "--filter", "*" }, "--filter selects benchmarks and --mode a mode: give one")]
    [InlineData(new[] { "--aa", "HEAD", "--value", "insert-ns" }, "--value and --skip read a mode's table: give --mode NAME too")]
    [InlineData(new[] { "--aa", "HEAD", "--mode", "m", "--value", "v", "--skip", "-1" }, "Option --skip must be at least 0")]
    [InlineData(new[] { "--a", "HEAD", "--b", "HEAD", "--b-env", "SCALE" }, "--b-env needs NAME=VALUE")]
    [InlineData(new[] { "--a", "HEAD", "--b", "HEAD", "--a-env", "1X=2" }, "--a-env needs NAME=VALUE with NAME made of letters")]
    [InlineData(new[] { "--a", "HEAD", "--b", "HEAD", "--b-env", "X=1", "--b-env", "X=2" }, "--b-env sets X twice")]
    [InlineData(new[] { "--aa", "HEAD", "--seed", "-3" }, "--seed '-3' must be a whole number")]
    [InlineData(new[] { "--aa", "HEAD", "--name", "My Run" }, "--name 'My Run' must be lower-case letters")]
    [InlineData(new[] { "--aa", "HEAD", "--iterations", "1" }, "Option --iterations must be at least 2")]
    [InlineData(new[] { "--aa", "HEAD", "--bogus" }, "Unknown option: --bogus")]
    [InlineData(new[] { "--aa", "HEAD", "stray" }, "Unexpected argument: stray")]
    public void Wrong_options_are_refused_before_anything_runs(string[] args, string message)
    {
        using var lab = new FakeLab();

        lab.Ab(lab.Host(), args).ShouldBeUsageError(message);

        File.Exists(lab.Calls).Should().BeFalse("nothing is built or run after a usage error");
    }

    [Fact]
    public void An_unknown_commit_is_named()
    {
        using var lab = new FakeLab();

        lab.Ab(lab.Host(), ["--a", "HEAD", "--b", "no-such-branch", "--project", "proj"])
            .ShouldBeUsageError("--b 'no-such-branch' is neither a directory nor a commit of");

        lab.Worktrees().Should().BeEmpty("A's worktree is removed when B cannot be found");
        Directory.EnumerateFileSystemEntries(lab.RunDirectory).Should().BeEmpty();
    }

    [Fact]
    public void A_project_folder_without_a_project_is_refused()
    {
        using var lab = new FakeLab();

        lab.Ab(lab.Host(), ["--aa", "HEAD", "--project", "nowhere"]).ShouldBeUsageError("--project 'nowhere' is not a folder with one .csproj");
    }

    [Theory]
    [InlineData("*Nothing*", "benchmarks.txt", "--filter '*Nothing*' matches no benchmark of A")]
    [InlineData("*Walk*", "other.txt", "--filter '*Walk*' matches no benchmark of B")]
    public void A_selection_that_matches_nothing_in_a_or_in_b_is_refused(string filter, string bList, string message)
    {
        using var lab = new FakeLab();
        string a = lab.BuildFolder("a");
        string b = lab.BuildFolder("b", bList == "other.txt" ? "KnownWork.Chain 1000\n" : "KnownWork.Chain 1000\nKnownWork.Walk 5000\n");

        lab.Ab(lab.Host(), ["--a", a, "--b", b, "--project", "proj", "--filter", filter, "--out", lab.Out("x")]).ShouldBeUsageError(message);

        Directory.Exists(lab.Out("x")).Should().BeFalse("the output folder ab created for the run is removed when nothing ran");
        Directory.EnumerateFileSystemEntries(lab.RunDirectory).Should().BeEmpty();
    }

    [Theory]
    [InlineData("0")]
    [InlineData("3")]
    [InlineData("")]
    public void Duet_with_fewer_than_two_cpus_is_refused(string cpus)
    {
        using var lab = new FakeLab();

        lab.Ab(lab.Host(cpus), ["--aa", lab.BuildFolder("a"), "--project", "proj", "--duet"])
            .ShouldBeUsageError("--duet needs 2 CPUs, one per side");
    }

    [Fact]
    public void An_output_folder_that_is_not_new_is_refused()
    {
        using var lab = new FakeLab();
        Directory.CreateDirectory(lab.Out("used"));
        File.WriteAllText(Path.Combine(lab.Out("used"), "earlier.md"), "an earlier run");

        lab.Ab(lab.Host(), ["--aa", lab.BuildFolder("a"), "--project", "proj", "--out", lab.Out("used")])
            .ShouldBeUsageError($"--out '{lab.Out("used")}' is not empty");
    }

    [Fact]
    public void A_directory_that_is_neither_a_build_nor_a_checkout_is_refused()
    {
        using var lab = new FakeLab();
        string empty = lab.Out("empty");
        Directory.CreateDirectory(empty);

        lab.Ab(lab.Host(), ["--aa", empty, "--project", "proj"]).ShouldBeUsageError("is a directory with neither Fake.dll (a build folder) nor proj/");
    }

    [Fact]
    public void Help_prints_the_usage()
    {
        using var lab = new FakeLab();

        var run = lab.Ab(lab.Host(), ["--help"]);

        run.ExitCode.Should().Be(0);
        run.Output.Should().StartWith("Usage: LabReport ab --a REF --b REF").And.Contain("--duet").And.Contain("ab calibrate");
    }
}
