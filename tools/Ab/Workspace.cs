namespace FirstThingsFirst.Ab;

/// <summary>A built side: its commit, and the program BenchmarkDotNet runs from.</summary>
public sealed record BuiltSide(string Ref, string Commit, string ProgramPath);

/// <summary>
/// The private directory of one run: A and B checked out with <c>git worktree</c> under the system's temp folder, each
/// built with <c>dotnet build -c Release</c>. Dispose removes the worktrees (git's records too) and the directory; the
/// program disposes it on every way out, Ctrl-C included.
/// </summary>
public sealed class Workspace : IDisposable
{
    private readonly List<string> _worktrees = [];
    private readonly TextWriter _log;

    private Workspace(string root, string directory, TextWriter log)
    {
        Root = root;
        Directory = directory;
        _log = log;
    }

    /// <summary>The repository's top folder.</summary>
    public string Root { get; }

    /// <summary>The private directory (worktrees, builds, artifacts).</summary>
    public string Directory { get; }

    /// <summary>The repository around <paramref name="currentDirectory"/>; a usage error when there is none.</summary>
    public static string FindRoot(string currentDirectory, CancellationToken token)
    {
        var top = ChildProcess.Run("git", ["rev-parse", "--show-toplevel"], currentDirectory, token);
        return top.ExitCode == 0 && top.Output.Trim() is { Length: > 0 } root
            ? root
            : throw new AbUsageException($"{currentDirectory} is not in a git repository (run ab inside the repository whose commits it compares)");
    }

    /// <summary>The commit <paramref name="reference"/> names; a usage error when it names none.</summary>
    public static string Resolve(string root, string reference, CancellationToken token)
    {
        var commit = ChildProcess.Run("git", ["rev-parse", "--verify", "--quiet", reference + "^{commit}"], root, token);
        return commit.ExitCode == 0 && commit.Output.Trim() is { Length: 40 } hash
            ? hash
            : throw new AbUsageException($"'{reference}' is not a commit of {root}");
    }

    /// <summary>The project as a path relative to the root: a .csproj, or a folder holding exactly one (looked for from the current directory, then the root).</summary>
    public static string ProjectPath(string root, string currentDirectory, string project)
    {
        ArgumentNullException.ThrowIfNull(project);
        string full = Path.GetFullPath(Path.Combine(currentDirectory, project));
        if (!File.Exists(full) && !System.IO.Directory.Exists(full))
        {
            full = Path.GetFullPath(Path.Combine(root, project));
        }

        if (System.IO.Directory.Exists(full))
        {
            var projects = System.IO.Directory.GetFiles(full, "*.csproj");
            full = projects.Length == 1
                ? projects[0]
                : throw new AbUsageException($"--project '{project}' is a folder with {projects.Length} .csproj files: name the project file");
        }

        if (!File.Exists(full) || !full.EndsWith(".csproj", StringComparison.OrdinalIgnoreCase))
        {
            throw new AbUsageException($"--project '{project}' is not a .csproj file or a folder holding one");
        }

        string relative = Path.GetRelativePath(root, full);
        return relative.StartsWith("..", StringComparison.Ordinal) || Path.IsPathRooted(relative)
            ? throw new AbUsageException($"--project '{project}' is outside the repository {root}")
            : relative;
    }

    /// <summary>A new private directory for a run in <paramref name="root"/>.</summary>
    public static Workspace Create(string root, TextWriter log)
    {
        string directory = Path.Combine(Path.GetTempPath(), $"ab-{Environment.ProcessId}-{Guid.NewGuid():N}"[..24]);
        // Private (0700 where the system has modes): other users of the machine neither read nor replace the builds.
        if (OperatingSystem.IsWindows())
        {
            System.IO.Directory.CreateDirectory(directory);
        }
        else
        {
            System.IO.Directory.CreateDirectory(directory, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        }

        return new Workspace(root, directory, log);
    }

    /// <summary>Checks out <paramref name="commit"/> into a worktree named <paramref name="name"/> and builds the project there.</summary>
    public BuiltSide Build(string name, string reference, string commit, string project, CancellationToken token)
    {
        string tree = Checkout(name, reference, commit, token);
        string projectFile = Path.Combine(tree, project);
        if (!File.Exists(projectFile))
        {
            throw new AbUsageException($"{project} does not exist at {reference} ({commit[..10]})");
        }

        string output = Path.Combine(Directory, name + "-bin");
        _log.WriteLine($"ab: building {name} = {reference} ({commit[..10]})");
        var build = ChildProcess.Run("dotnet", ["build", projectFile, "-c", "Release", "-o", output, "--nologo", "-v", "q"], tree, token);
        if (build.ExitCode != 0)
        {
            throw new SideFailedException($"the build of {reference} failed:\n{build.Tail()}");
        }

        // A program has a runtimeconfig, the libraries it references have none; beside another program, it is the one
        // named after the project.
        var programs = System.IO.Directory.GetFiles(output, "*.runtimeconfig.json").Select(c => c[..^".runtimeconfig.json".Length] + ".dll")
            .Where(File.Exists).ToList();
        string program = (programs.Count == 1 ? programs[0] : programs.FirstOrDefault(p => Path.GetFileNameWithoutExtension(p) == Path.GetFileNameWithoutExtension(project)))
            ?? throw new AbUsageException($"{project} did not build a program at {reference}: a BenchmarkDotNet console project is needed (OutputType Exe)");
        return new BuiltSide(reference, commit, program);
    }

    /// <summary>A detached worktree of <paramref name="commit"/> in the private directory; removed by <see cref="Dispose"/>.</summary>
    public string Checkout(string name, string reference, string commit, CancellationToken token)
    {
        ArgumentNullException.ThrowIfNull(commit);
        string tree = Path.Combine(Directory, name);
        var add = ChildProcess.Run("git", ["worktree", "add", "--detach", "--quiet", tree, commit], Root, token);
        if (add.ExitCode != 0)
        {
            throw new SideFailedException($"git worktree add failed for {reference}:\n{add.Tail()}");
        }

        _worktrees.Add(tree);
        return tree;
    }

    /// <summary>Removes the worktrees, git's records of them and the private directory.</summary>
    public void Dispose()
    {
        foreach (string tree in _worktrees)
        {
            var remove = ChildProcess.Run("git", ["worktree", "remove", "--force", tree], Root, CancellationToken.None);
            if (remove.ExitCode != 0)
            {
                _log.WriteLine($"warning: git worktree remove {tree}: {remove.Tail(2)}");
            }
        }

        try
        {
            System.IO.Directory.Delete(Directory, recursive: true);
        }
        catch (IOException e)
        {
            _log.WriteLine($"warning: could not remove {Directory}: {e.Message}");
        }
        catch (UnauthorizedAccessException e)
        {
            _log.WriteLine($"warning: could not remove {Directory}: {e.Message}");
        }

        ChildProcess.Run("git", ["worktree", "prune"], Root, CancellationToken.None);
    }
}
