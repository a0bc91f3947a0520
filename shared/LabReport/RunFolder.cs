using LabReport.RunFiles;

namespace LabReport;

/// <summary>A run folder as <c>scripts/run-all.sh</c> leaves it: environment.md at the root, one folder per post.</summary>
public sealed class RunFolder
{
    private RunFolder(string path, RunEnvironment environment, RunCaches caches)
    {
        Path = path;
        Environment = environment;
        Caches = caches;
    }

    /// <summary>Full path of the run folder.</summary>
    public string Path { get; }

    /// <summary>The machine the run says it ran on.</summary>
    public RunEnvironment Environment { get; }

    /// <summary>The cache sizes the run's posts measured and used (each post's caches.json).</summary>
    public RunCaches Caches { get; }

    /// <summary>"results/amd-epyc-f26m2s1-2c-vm/2026-11-23-full" → "amd-epyc-f26m2s1-2c-vm/2026-11-23-full": how reports name a run.</summary>
    public string Name => $"{System.IO.Path.GetFileName(System.IO.Path.GetDirectoryName(Path))}/{System.IO.Path.GetFileName(Path)}";

    /// <summary>The folder of a post (it may not exist).</summary>
    public string PostPath(string post) => System.IO.Path.Combine(Path, post);

    /// <summary>True when the run has this post's folder.</summary>
    public bool HasPost(string post) => Directory.Exists(PostPath(post));

    /// <summary>A path relative to the run folder, with forward slashes, for links in report.md.</summary>
    public string Relative(string fullPath) => System.IO.Path.GetRelativePath(Path, fullPath).Replace('\\', '/');

    /// <summary>Opens a run folder; throws <see cref="RunFolderException"/> (one line naming the path) when it is not one.</summary>
    public static RunFolder Open(string path)
    {
        ArgumentNullException.ThrowIfNull(path);
        string full = System.IO.Path.GetFullPath(path).TrimEnd(System.IO.Path.DirectorySeparatorChar);
        if (!Directory.Exists(full))
        {
            throw new RunFolderException(path, "no such directory");
        }

        if (!File.Exists(System.IO.Path.Combine(full, "environment.md")))
        {
            throw new RunFolderException(path, "not a run folder: it has no environment.md (run scripts/run-all.sh, or point at results/<machine>/<run>)");
        }

        try
        {
            return new RunFolder(full, RunEnvironment.Load(full), RunCaches.Load(full));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new RunFolderException(path, $"environment.md cannot be read ({e.Message})");
        }
    }
}

/// <summary>A path that is not a usable run folder; the message is one line naming it.</summary>
public sealed class RunFolderException(string path, string problem) : Exception($"{path}: {problem}");
