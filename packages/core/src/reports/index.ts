export { createReport, type CreateReportResult } from './create-report';
export { handleReport, type HandleReportResult } from './handle-report';
export { listReportsForAdmin, type ReportQueuePage } from './list-reports-for-admin';
export { reportJobs } from './jobs';
export { Report, ReportDecision, ReportHold } from './model';
