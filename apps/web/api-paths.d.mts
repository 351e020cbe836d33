export declare const apiUrl: string;
export declare const socketPath: string;
export declare const apiPaths: string[];
