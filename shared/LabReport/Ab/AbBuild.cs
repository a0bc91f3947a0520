namespace LabReport.Ab;

/// <summary>Where a side's program comes from.</summary>
public enum BuildKind
{
    /// <summary>A commit, checked out in a private worktree and built there.</summary>
    Commit,

    /// <summary>A folder holding a build of the program, used as it is.</summary>
    Folder,

    /// <summary>A checkout of the repository (the working tree), built in place.</summary>
    Checkout,
}

/// <summary>A side's build, ready to run.</summary>
/// <param name="Ref">The build as given on the command line.</param>
/// <param name="Kind">What <paramref name="Ref"/> turned out to be.</param>
/// <param name="Commit">The full commit hash (a commit), or the checkout's HEAD when known; null for a folder.</param>
/// <param name="ProgramPath">The program's .dll, run as <c>dotnet PROGRAM</c>.</param>
public sealed record AbBuild(string Ref, BuildKind Kind, string? Commit, string ProgramPath)
{
    /// <summary>"HEAD~1 (1a2b3c4d5e6f)", "/path/to/bin/Release/net10.0" (build folder), "." (checkout at 1a2b3c4d5e6f).</summary>
    public string Label => Kind switch
    {
        BuildKind.Commit => $"{Ref} ({Commit![..12]})",
        BuildKind.Folder => $"{Ref} (build folder)",
        _ => Commit is null ? $"{Ref} (checkout)" : $"{Ref} (checkout at {Commit[..12]}, with its uncommitted changes)",
    };

    /// <summary>How command.txt names it: a commit by its full hash (a branch moves), a directory by its path.</summary>
    public string Reproducible => Kind == BuildKind.Commit ? Commit! : Ref;
}
