namespace CoordinatedOmission;

/// <summary>A named body for <see cref="IClock.RunConcurrently"/> (the name becomes the thread name).</summary>
internal sealed record ConcurrentBody(string Name, Action Body);
