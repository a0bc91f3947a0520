using System.Diagnostics;

namespace Ab.Tests;

/// <summary>Wrong input is answered in one line with exit code 2, before anything is checked out or built.</summary>
public sealed class ProgramTests : IDisposable
{
    private readonly TempDirectory _temp = new("ab-test-");

    public void Dispose() => _temp.Dispose();

    private static (int Code, string Out, string Error) Run(string directory, params string[] args)
    {
        var output = new StringWriter();
        var error = new StringWriter();
        int code = AbProgram.Run(args, output, error, directory, CancellationToken.None);
        return (code, output.ToString(), error.ToString());
    }

    /// <summary>A git repository with one commit holding src/Perf/Perf.csproj.</summary>
    private string Repository()
    {
        string root = Path.Combine(_temp.Path, "repo");
        Directory.CreateDirectory(Path.Combine(root, "src", "Perf"));
        File.WriteAllText(Path.Combine(root, "src", "Perf", "Perf.csproj"), "<Project Sdk=\"Microsoft.NET.Sdk\" />\n");
        Git(root, "init", "-q");
        Git(root, "add", "-A");
        Git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one");
        return root;
    }

    private static void Git(string directory, params string[] args)
    {
        var info = new ProcessStartInfo("git") { WorkingDirectory = directory, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string arg in args)
        {
            info.ArgumentList.Add(arg);
        }

        using var git = Process.Start(info)!;
        git.WaitForExit();
        git.ExitCode.Should().Be(0, $"git {string.Join(' ', args)}: {git.StandardError.ReadToEnd()}");
    }

    [Fact]
    public void Help_prints_the_usage_and_exits_0()
    {
        var (code, output, _) = Run(_temp.Path, "--help");

        code.Should().Be(0);
        output.Should().Contain("--fail-on").And.Contain("Exit codes: 0 done, 1 a build or a side failed, 2 wrong input, 3 --fail-on");
    }

    [Fact]
    public void Calibrate_has_its_own_help_and_its_own_one_line_errors()
    {
        var (code, output, _) = Run(_temp.Path, "calibrate", "--help");
        code.Should().Be(0);
        output.Should().Contain("--scale-env NAME").And.Contain("--methods M,...");

        var (wrong, _, error) = Run(_temp.Path, "calibrate", "--project", "p", "--changes", "5");
        wrong.Should().Be(AbProgram.UsageExitCode);
        error.Should().StartWith("ab: --changes other than 0 need --scale-env NAME").And.EndWith(Environment.NewLine).And.NotContain("\n ");

        var (outside, _, where) = Run(_temp.Path, "calibrate", "--project", "src/Perf/Perf.csproj");
        outside.Should().Be(AbProgram.UsageExitCode);
        where.Should().Contain("is not in a git repository");
    }

    [Fact]
    public void A_wrong_option_is_one_line_and_exit_2()
    {
        var (code, output, error) = Run(_temp.Path, "--a", "main", "--b", "HEAD", "--project", "p", "--budget", "soon");

        code.Should().Be(AbProgram.UsageExitCode);
        output.Should().BeEmpty();
        error.Should().Be("ab: --budget 'soon' is not a duration (e.g. 90s, 10m, 1h30m)" + Environment.NewLine);
    }

    [Fact]
    public void Outside_a_git_repository_is_one_line_and_exit_2()
    {
        var (code, _, error) = Run(_temp.Path, "--a", "main", "--b", "HEAD", "--project", "src/Perf/Perf.csproj");

        code.Should().Be(2);
        error.Should().Be($"ab: {_temp.Path} is not in a git repository (run ab inside the repository whose commits it compares)" + Environment.NewLine);
    }

    [Fact]
    public void An_unknown_commit_is_one_line_and_exit_2()
    {
        string root = Repository();

        var (code, _, error) = Run(root, "--a", "HEAD", "--b", "no-such-branch", "--project", "src/Perf/Perf.csproj");

        code.Should().Be(2);
        error.Trim().Should().StartWith("ab: 'no-such-branch' is not a commit of ").And.NotContain("\n");
    }

    [Fact]
    public void A_project_that_is_not_there_is_one_line_and_exit_2()
    {
        string root = Repository();

        var (code, _, error) = Run(root, "--a", "HEAD", "--b", "HEAD", "--project", "src/Nothing/Nothing.csproj");

        code.Should().Be(2);
        error.Should().Be("ab: --project 'src/Nothing/Nothing.csproj' is not a .csproj file or a folder holding one" + Environment.NewLine);
    }

    [Fact]
    public void A_project_folder_is_found_from_a_subfolder_of_the_repository()
    {
        string root = Repository();
        string actualRoot = Workspace.FindRoot(Path.Combine(root, "src"), CancellationToken.None);

        Workspace.ProjectPath(actualRoot, Path.Combine(root, "src"), "Perf").Should().Be(Path.Combine("src", "Perf", "Perf.csproj"));
        Workspace.ProjectPath(actualRoot, Path.Combine(root, "src"), "src/Perf/Perf.csproj").Should().Be(Path.Combine("src", "Perf", "Perf.csproj"));
    }

    [Fact]
    public void The_private_worktrees_and_their_folder_are_removed_on_the_way_out()
    {
        string root = Workspace.FindRoot(Repository(), CancellationToken.None);
        string commit = Workspace.Resolve(root, "HEAD", CancellationToken.None);
        string directory;
        using (var workspace = Workspace.Create(root, TextWriter.Null))
        {
            directory = workspace.Directory;
            if (!OperatingSystem.IsWindows())
            {
                File.GetUnixFileMode(directory).Should().Be(UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
            }

            string tree = workspace.Checkout("a", "HEAD", commit, CancellationToken.None);
            File.Exists(Path.Combine(tree, "src", "Perf", "Perf.csproj")).Should().BeTrue();
        }

        Directory.Exists(directory).Should().BeFalse();
        var list = ChildProcess.Run("git", ["worktree", "list", "--porcelain"], root, CancellationToken.None);
        list.Output.Split('\n').Count(l => l.StartsWith("worktree ", StringComparison.Ordinal)).Should().Be(1, list.Output);
    }

    [Fact]
    public void Ctrl_C_before_any_round_exits_130_saying_nothing_was_measured()
    {
        string root = Repository();
        using var stop = new CancellationTokenSource();
        stop.Cancel();
        var output = new StringWriter();
        var error = new StringWriter();

        int code = AbProgram.Run(["--a", "HEAD", "--b", "HEAD", "--project", "src/Perf/Perf.csproj"], output, error, root, stop.Token);

        code.Should().Be(AbProgram.InterruptedExitCode);
        error.ToString().Should().Be("ab: interrupted before any round ended: nothing measured (worktrees removed)" + Environment.NewLine);
    }
}
