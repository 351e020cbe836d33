import { Link } from 'react-router';
import type { ProjectItem } from '@forum/contracts';
import { LogoList } from '~/features/links/LogoList';
import { TimeAgo } from '~/components/TimeAgo';
import { ProjectsTexts } from '~/texts/projects';
import { projectHeading } from './project-item';

/** "name - title" of each project, its summary and when it was added. */
export function ProjectList({ projects }: { projects: ProjectItem[] }) {
  return (
    <LogoList rows={projects} testId="project-list" itemTestId="project-item">
      {(project) => (
        <div className="min-w-0 flex-1">
          <Link
            to={`/project/${project.id}`}
            className="text-[15px] font-semibold break-words text-body hover:text-accent"
          >
            {projectHeading(project)}
          </Link>
          {project.summary && (
            <p className="mt-1 line-clamp-3 text-sm leading-6 break-words text-muted">{project.summary}</p>
          )}
          <TimeAgo
            className="mt-1.5 block text-xs text-faint"
            time={project.createTime}
            label={ProjectsTexts.listedSince}
          />
        </div>
      )}
    </LogoList>
  );
}
