using System.Xml.Linq;
using MeasurementLab;

namespace LabReport.Ab;

/// <summary>
/// Turns each side's REF into a program to run: a directory is a build folder (used as it is) or a checkout of the
/// repository (built in place); anything else must be a commit of the repository, checked out with
/// <c>git worktree add --detach</c> into the run's private directory and built with <c>dotnet build -c Release</c>.
/// <see cref="Dispose"/> removes every worktree it made; <c>ab</c> calls it on every way out (done, failed, Ctrl-C).
/// </summary>
public sealed class Builds : IDisposable
{
    private readonly AbHost _host;
    private readonly string? _repoRoot;
    private readonly string _project;
    private readonly string _assembly;
    private readonly string _privateDirectory;
    private readonly TextWriter _log;
    private readonly CancellationToken _token;
    private readonly Dictionary<string, AbBuild> _made = new(StringComparer.Ordinal);
    private readonly List<string> _worktrees = [];

    /// <summary>Prepares to resolve builds of <paramref name="project"/> (relative to the repository root).</summary>
    public Builds(AbHost host, string? repoRoot, string project, string privateDirectory, TextWriter log, CancellationToken token)
    {
        ArgumentNullException.ThrowIfNull(host);
        _host = host;
        _repoRoot = repoRoot;
        _project = project;
        _privateDirectory = privateDirectory;
        _log = log;
        _token = token;
        _assembly = AssemblyName(Path.Combine(repoRoot ?? host.WorkingDirectory, project));
    }

    /// <summary>The worktrees made so far (removed by <see cref="Dispose"/>).</summary>
    public IReadOnlyList<string> Worktrees => _worktrees;

    /// <summary>The program's assembly name (from the project file).</summary>
    public string Assembly => _assembly;

    /// <summary>
    /// The repository that holds <paramref name="workingDirectory"/> (git's top level), or null outside one; and the
    /// project's path relative to it, checked to be a folder with one project file.
    /// </summary>
    public static (string? RepoRoot, string Project) Locate(AbHost host, string project, CancellationToken token)
    {
        ArgumentNullException.ThrowIfNull(host);
        string full = Path.GetFullPath(Path.Combine(host.WorkingDirectory, project));
        if (!Directory.Exists(full) || Directory.GetFiles(full, "*.csproj").Length != 1)
        {
            throw new UsageException($"--project '{project}' is not a folder with one .csproj (e.g. shared/Calibration, first-things-first/statistics-that-matter)");
        }

        var git = ChildProcess.Run(new ProcessSpec(host.Git, ["rev-parse", "--show-toplevel"], full), token);
        string? root = git.ExitCode == 0 ? git.Stdout.Trim() : null;
        string relative = Path.GetRelativePath(root ?? host.WorkingDirectory, full).Replace('\\', '/');
        if (relative.StartsWith("..", StringComparison.Ordinal))
        {
            throw new UsageException($"--project '{project}' lies outside the directory ab runs from ({host.WorkingDirectory}) and outside any git repository");
        }

        return (root, relative);
    }

    /// <summary>
    /// The builds of both sides: both REFs are identified first (so a mistake in B is reported before A is built),
    /// then built; a commit or checkout named by both sides is built once.
    /// </summary>
    /// <exception cref="UsageException">A REF is neither a usable directory nor a commit.</exception>
    /// <exception cref="AbFailure">A build failed.</exception>
    public (AbBuild A, AbBuild B) Resolve(SideSpec a, SideSpec b)
    {
        ArgumentNullException.ThrowIfNull(a);
        ArgumentNullException.ThrowIfNull(b);
        var sources = (Identify(a), Identify(b));
        return (Make(a, sources.Item1), Make(b, sources.Item2));
    }

    // What a REF names: a build folder, a checkout, or a commit (its full hash).
    private (BuildKind Kind, string Key) Identify(SideSpec side)
    {
        string option = side.Name == "A" ? "--a" : "--b";
        string directory = Path.GetFullPath(Path.Combine(_host.WorkingDirectory, side.Ref));
        if (Directory.Exists(directory))
        {
            if (File.Exists(Path.Combine(directory, _assembly + ".dll")))
            {
                return (BuildKind.Folder, directory);
            }

            string projectDirectory = Path.Combine(directory, _project);
            return Directory.Exists(projectDirectory) && Directory.GetFiles(projectDirectory, "*.csproj").Length == 1
                ? (BuildKind.Checkout, directory)
                : throw new UsageException($"{option} '{side.Ref}' is a directory with neither {_assembly}.dll (a build folder) nor {_project}/ (a checkout of the repository)");
        }

        string commit = Commit(side.Ref) ?? throw new UsageException(_repoRoot is null
            ? $"{option} '{side.Ref}' is not a directory, and ab runs outside a git repository, so it cannot be a commit"
            : $"{option} '{side.Ref}' is neither a directory nor a commit of {_repoRoot}");
        return (BuildKind.Commit, commit);
    }

    private AbBuild Make(SideSpec side, (BuildKind Kind, string Key) source)
    {
        if (_made.TryGetValue(source.Key, out var made))
        {
            return made with { Ref = side.Ref };
        }

        var build = source.Kind switch
        {
            BuildKind.Folder => new AbBuild(side.Ref, BuildKind.Folder, null, Path.Combine(source.Key, _assembly + ".dll")),
            BuildKind.Checkout => Checkout(side, source.Key),
            _ => FromCommit(side, source.Key),
        };
        _made[source.Key] = build;
        return build;
    }

    private AbBuild FromCommit(SideSpec side, string commit)
    {
        string option = side.Name == "A" ? "--a" : "--b";
        string worktree = Path.Combine(_privateDirectory, "worktree-" + commit[..12]);
        _log.WriteLine($"[ab] {side.Name}: {side.Ref} is commit {commit[..12]}: checking it out in {worktree} and building {_project} (Release)");
        var add = Git(["worktree", "add", "--detach", "--quiet", worktree, commit]);
        if (add.ExitCode != 0)
        {
            throw new AbFailure($"{option} '{side.Ref}': git worktree add failed: {add.Tail(3)}");
        }

        _worktrees.Add(worktree);
        string projectDirectory = Path.Combine(worktree, _project);
        if (!Directory.Exists(projectDirectory))
        {
            throw new AbFailure($"{option} '{side.Ref}': commit {commit[..12]} has no {_project} folder");
        }

        return new AbBuild(side.Ref, BuildKind.Commit, commit, BuildProject(side, projectDirectory));
    }

    private AbBuild Checkout(SideSpec side, string directory)
    {
        var head = Git(["-C", directory, "rev-parse", "--verify", "--quiet", "HEAD"]);
        _log.WriteLine($"[ab] {side.Name}: {side.Ref} is a checkout: building {_project} there (Release)");
        return new AbBuild(side.Ref, BuildKind.Checkout, head.ExitCode == 0 ? head.Stdout.Trim() : null, BuildProject(side, Path.Combine(directory, _project)));
    }

    /// <summary>Removes the worktrees (and git's records of them); never throws, so it can run on any way out.</summary>
    public void Dispose()
    {
        foreach (string worktree in _worktrees)
        {
            var remove = Git(["worktree", "remove", "--force", worktree], CancellationToken.None);
            if (remove.ExitCode != 0 && Directory.Exists(worktree))
            {
                TryDelete(worktree);
            }
        }

        if (_worktrees.Count > 0)
        {
            Git(["worktree", "prune"], CancellationToken.None);
        }

        _worktrees.Clear();
    }

    private string BuildProject(SideSpec side, string projectDirectory)
    {
        // No build servers: a compiler server or MSBuild node left running after ab would be a process left behind.
        var build = ChildProcess.Run(new ProcessSpec(_host.Dotnet,
            ["build", projectDirectory, "-c", "Release", "--nologo", "-v", "q", "--disable-build-servers"], projectDirectory), _token);
        if (build.ExitCode != 0)
        {
            throw new AbFailure($"building {side.Name} ({side.Ref}) failed (dotnet build exit {build.ExitCode}):\n{build.Tail()}");
        }

        var programs = Directory.Exists(Path.Combine(projectDirectory, "bin", "Release"))
            ? Directory.GetFiles(Path.Combine(projectDirectory, "bin", "Release"), _assembly + ".dll", SearchOption.AllDirectories)
                .Where(p => Path.GetFileName(Path.GetDirectoryName(p)) is { } tfm && tfm.StartsWith("net", StringComparison.Ordinal)).ToList()
            : [];
        return programs.Count == 1
            ? programs[0]
            : throw new AbFailure($"building {side.Name} ({side.Ref}) left {programs.Count} copies of {_assembly}.dll under {projectDirectory}/bin/Release (expected one)");
    }

    private string? Commit(string reference)
    {
        if (_repoRoot is null || reference.StartsWith('-'))
        {
            return null;
        }

        var parsed = Git(["rev-parse", "--verify", "--quiet", reference + "^{commit}"]);
        return parsed.ExitCode == 0 ? parsed.Stdout.Trim() : null;
    }

    private ProcessResult Git(IReadOnlyList<string> args, CancellationToken? token = null) =>
        ChildProcess.Run(new ProcessSpec(_host.Git, args, _repoRoot ?? _host.WorkingDirectory), token ?? _token);

    private static string AssemblyName(string projectDirectory)
    {
        string csproj = Directory.GetFiles(projectDirectory, "*.csproj").Single();
        string? declared = XDocument.Load(csproj).Descendants("AssemblyName").Select(e => e.Value.Trim()).FirstOrDefault(v => v.Length > 0);
        return declared ?? Path.GetFileNameWithoutExtension(csproj);
    }

    private static void TryDelete(string directory)
    {
        try
        {
            Directory.Delete(directory, recursive: true);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // the private directory's removal tries again
        }
    }
}
